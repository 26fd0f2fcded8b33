import { create } from 'zustand';

interface UpdateState {
  /** A new version is installed and waits for the person to take it. */
  ready: boolean;
  /** Switches to the new version and reloads (set by lib/service-worker.ts). */
  apply: () => void;
  offer: (apply: () => void) => void;
  dismiss: () => void;
}

export const useUpdateStore = create<UpdateState>((set) => ({
  ready: false,
  apply: () => undefined,
  offer: (apply) => set({ ready: true, apply }),
  dismiss: () => set({ ready: false }),
}));
