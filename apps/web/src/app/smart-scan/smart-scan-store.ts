import { create } from 'zustand';

export interface ScanOutcome {
  id: number;
  text: string;
  kind: 'equipment' | 'order' | 'orderCreate' | 'failed';
  /** What was found: the item's name or the order number. */
  label: string;
  /** The item a successful equipment scan found (tap to see it again). */
  equipmentId?: string;
  at: number;
}

interface SmartScanState {
  /** The item whose info dialog a scan opened. */
  equipmentId: string | null;
  busy: boolean;
  /** This session's scans, newest first (the scan page lists them). */
  recent: ScanOutcome[];
  showEquipment: (id: string | null) => void;
  setBusy: (busy: boolean) => void;
  record: (outcome: Omit<ScanOutcome, 'id' | 'at'>) => void;
}

const RECENT_LIMIT = 20;
let nextId = 1;

export const useSmartScanStore = create<SmartScanState>((set) => ({
  equipmentId: null,
  busy: false,
  recent: [],
  showEquipment: (equipmentId) => set({ equipmentId }),
  setBusy: (busy) => set({ busy }),
  record: (outcome) =>
    set((s) => ({
      recent: [{ ...outcome, id: nextId++, at: Date.now() }, ...s.recent].slice(0, RECENT_LIMIT),
    })),
}));
