import { create } from 'zustand';
import { storage, StorageKey } from '@/lib/storage';

/** App state of spec §3/§4: loading status, theme, environment, network, page loading, messages. */
export type LoadingStatus = 'idle' | 'loading' | 'success' | 'error';
export type Theme = 'light' | 'dark';
export type NetworkStatus = 'online' | 'offline';

export const ERROR_TOAST_MS = 3000;
export const SUCCESS_TOAST_MS = 2000;

interface Message {
  text: string;
  visible: boolean;
  /** Bumps on every show, of either kind, so the same text twice is shown twice. */
  seq: number;
}

interface AppState {
  loadingStatus: LoadingStatus;
  loadingMessage: string;
  title: string;
  theme: Theme;
  isWeChat: boolean;
  networkStatus: NetworkStatus;
  pageLoading: boolean;
  error: Message;
  success: Message;
  setLoading: (status: LoadingStatus, message?: string) => void;
  setTitle: (title: string) => void;
  setTheme: (theme: Theme) => void;
  toggleTheme: () => void;
  setNetworkStatus: (status: NetworkStatus) => void;
  setPageLoading: (loading: boolean) => void;
  showError: (text: string) => void;
  showSuccess: (text: string) => void;
  hideError: () => void;
  hideSuccess: () => void;
}

export function savedTheme(): Theme {
  return storage.get(StorageKey.theme) === 'dark' ? 'dark' : 'light';
}

/** antd-mobile's dark mode keys on this attribute (its CSS variables switch with it). */
export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.setAttribute('data-prefers-color-scheme', theme);
  root.style.colorScheme = theme;
}

export function isWeChatBrowser(userAgent: string): boolean {
  return /MicroMessenger/i.test(userAgent);
}

const hidden: Message = { text: '', visible: false, seq: 0 };
const nextSeq = (s: Pick<AppState, 'error' | 'success'>) =>
  Math.max(s.error.seq, s.success.seq) + 1;

export const useAppStore = create<AppState>()((set, get) => ({
  loadingStatus: 'idle',
  loadingMessage: '',
  title: '',
  theme: savedTheme(),
  isWeChat: typeof navigator !== 'undefined' && isWeChatBrowser(navigator.userAgent),
  networkStatus: typeof navigator !== 'undefined' && !navigator.onLine ? 'offline' : 'online',
  pageLoading: false,
  error: hidden,
  success: hidden,
  setLoading: (loadingStatus, loadingMessage = '') => set({ loadingStatus, loadingMessage }),
  setTitle: (title) => set({ title }),
  setTheme: (theme) => {
    storage.set(StorageKey.theme, theme);
    applyTheme(theme);
    set({ theme });
  },
  toggleTheme: () => get().setTheme(get().theme === 'dark' ? 'light' : 'dark'),
  setNetworkStatus: (networkStatus) => set({ networkStatus }),
  setPageLoading: (pageLoading) => set({ pageLoading }),
  // One message at a time, the newest (as a toast replaces the one before it).
  showError: (text) =>
    set((s) => ({
      error: { text, visible: true, seq: nextSeq(s) },
      success: { ...s.success, visible: false },
    })),
  showSuccess: (text) =>
    set((s) => ({
      success: { text, visible: true, seq: nextSeq(s) },
      error: { ...s.error, visible: false },
    })),
  hideError: () => set((s) => ({ error: { ...s.error, visible: false } })),
  hideSuccess: () => set((s) => ({ success: { ...s.success, visible: false } })),
}));
