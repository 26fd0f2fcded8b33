import { create } from 'zustand';
import type { H5Config } from '@snowgear/contracts';
import { i18n } from '@/lib/i18n';
import { storage, StorageKey } from '@/lib/storage';
import { useConfigStore } from '@/features/system-config';

/** The store the user works with or books at, remembered across sessions (spec §4). */
interface CurrentStoreState {
  currentStoreId: string | null;
  /** Set when a forced refresh removed the current store; shown once, then cleared. */
  warning: string | null;
  setCurrentStoreId: (id: string | null) => void;
  clearWarning: () => void;
}

export const useCurrentStore = create<CurrentStoreState>()((set) => ({
  currentStoreId: storage.get(StorageKey.currentStoreId),
  warning: null,
  setCurrentStoreId: (id) => {
    if (id) storage.set(StorageKey.currentStoreId, id);
    else storage.remove(StorageKey.currentStoreId);
    set({ currentStoreId: id });
  },
  clearWarning: () => set({ warning: null }),
}));

export class UnknownStoreError extends Error {}

/** Start-up: a saved store id that no longer exists is cleared. */
export function initCurrentStore(config: H5Config | null): void {
  const { currentStoreId, setCurrentStoreId } = useCurrentStore.getState();
  if (config && currentStoreId && !config.storeConfigs[currentStoreId]) setCurrentStoreId(null);
}

/** Switches the current store; an unknown id fails with '店铺配置不存在: {id}'. */
export function switchStore(storeId: string): void {
  const config = useConfigStore.getState().config;
  if (!config?.storeConfigs[storeId]) {
    throw new UnknownStoreError(i18n.t('store.switchUnknown', { id: storeId }));
  }
  useCurrentStore.getState().setCurrentStoreId(storeId);
}

/** Reloads the configuration; with `force`, a vanished current store is cleared with a warning. */
export async function refreshStores(options: { force?: boolean } = {}): Promise<void> {
  const config = await useConfigStore.getState().load(options);
  const { currentStoreId, setCurrentStoreId } = useCurrentStore.getState();
  if (options.force && config && currentStoreId && !config.storeConfigs[currentStoreId]) {
    setCurrentStoreId(null);
    useCurrentStore.setState({ warning: i18n.t('store.vanished') });
  }
}

/** Listeners are told of every change of the current store, with the previous id. */
export function onStoreChange(
  listener: (storeId: string | null, previous: string | null) => void,
): () => void {
  return useCurrentStore.subscribe((state, prev) => {
    if (state.currentStoreId !== prev.currentStoreId)
      listener(state.currentStoreId, prev.currentStoreId);
  });
}
