import { create } from 'zustand';
import { storage, StorageKey } from '@/lib/storage';
import type { ScanValidator } from '../utils/scan-rules';
import type { ScanType } from '../utils/scanner-constants';

/** How a page asks for one scan (spec §2: title, tip and scan type are configurable). */
export interface ScanRequestOptions {
  title?: string;
  tip?: string;
  scanType?: ScanType;
  validator?: ScanValidator;
  /** Milliseconds the dialog stays open showing the result (default 1500). */
  autoCloseDelay?: number;
  /** Told about every failure the user saw (camera, validator, photo, WeChat). */
  onError?: (message: string) => void;
  /**
   * Batch mode: the dialog stays open and hands every code to `onEach`, which sounds its verdict
   * (as it does for the barcode gun); the dialog shows it over the picture and in a running list
   * before reading the next, until 完成.
   */
  onEach?: (result: ScanResult) => Promise<ScanVerdict> | ScanVerdict;
}

/** What a batch made of one code: taken or refused, and the line it shows in the running list. */
export interface ScanVerdict {
  ok: boolean;
  /** The item as the clerk knows it (name, or the code when unknown). */
  title: string;
  /** Why it was refused, or what it was ticked as. */
  detail?: string;
}

export interface ScanResult {
  text: string;
  /** How it was read: live camera, photo, typed, WeChat scanner or a keyboard-wedge scanner. */
  source: 'camera' | 'photo' | 'manual' | 'wechat' | 'keyboard';
  format?: string;
}

interface PendingScan {
  id: number;
  options: ScanRequestOptions;
  resolve: (result: ScanResult | null) => void;
}

interface ScannerState {
  pending: PendingScan | null;
  /** Far-distance auto zoom (stored locally). */
  autoZoom: boolean;
  setAutoZoom: (on: boolean) => void;
  /** Opens the one scanner dialog; resolves with the result, or null when closed without one. */
  scan: (options?: ScanRequestOptions) => Promise<ScanResult | null>;
  /** The result reaches the caller at once; the dialog stays until it closes itself. */
  deliver: (id: number, result: ScanResult) => void;
  close: (id: number) => void;
}

let nextId = 1;

export const useScannerStore = create<ScannerState>((set, get) => ({
  pending: null,
  autoZoom: storage.get(StorageKey.scannerAutoZoom) === 'true',
  setAutoZoom: (on) => {
    storage.set(StorageKey.scannerAutoZoom, String(on));
    set({ autoZoom: on });
  },
  scan: (options = {}) =>
    new Promise((resolve) => {
      // A new request replaces one still open (its caller gets null).
      get().pending?.resolve(null);
      set({ pending: { id: nextId++, options, resolve } });
    }),
  deliver: (id, result) => {
    const pending = get().pending;
    if (pending?.id === id) pending.resolve(result);
  },
  close: (id) => {
    const pending = get().pending;
    if (pending?.id !== id) return;
    set({ pending: null });
    pending.resolve(null); // no effect when a result was already delivered
  },
}));

/** Opens the scanner from anywhere (hooks, handlers). */
export function scanCode(options?: ScanRequestOptions): Promise<ScanResult | null> {
  return useScannerStore.getState().scan(options);
}

/** Batch mode: scans until the user taps 完成 (or closes); each code goes to `options.onEach`. */
export async function scanMany(
  options: ScanRequestOptions & Required<Pick<ScanRequestOptions, 'onEach'>>,
): Promise<void> {
  await useScannerStore.getState().scan(options);
}
