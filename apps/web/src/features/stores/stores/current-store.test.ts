import { beforeEach, describe, expect, it } from 'vitest';
import { useConfigStore } from '@/features/system-config/stores/config-store';
import {
  initCurrentStore,
  onStoreChange,
  refreshStores,
  switchStore,
  useCurrentStore,
} from './current-store';

describe('current store', () => {
  let storeIds: string[];
  beforeEach(async () => {
    useCurrentStore.setState({ currentStoreId: null, warning: null });
    const config = await useConfigStore.getState().load({ force: true });
    storeIds = Object.keys(config?.storeConfigs ?? {});
  });

  it('remembers the chosen store under current_store_id', () => {
    switchStore(storeIds[1]!);
    expect(useCurrentStore.getState().currentStoreId).toBe(storeIds[1]);
    expect(window.localStorage.getItem('current_store_id')).toBe(storeIds[1]);
  });

  it("refuses an unknown store with '店铺配置不存在: {id}'", () => {
    expect(() => switchStore('gone')).toThrow('店铺配置不存在: gone');
    expect(useCurrentStore.getState().currentStoreId).toBeNull();
  });

  it('clears a saved store that no longer exists at start-up, and keeps one that does', () => {
    useCurrentStore.getState().setCurrentStoreId('deleted-store');
    initCurrentStore(useConfigStore.getState().config);
    expect(useCurrentStore.getState().currentStoreId).toBeNull();
    expect(window.localStorage.getItem('current_store_id')).toBeNull();
    useCurrentStore.getState().setCurrentStoreId(storeIds[0]!);
    initCurrentStore(useConfigStore.getState().config);
    expect(useCurrentStore.getState().currentStoreId).toBe(storeIds[0]);
  });

  it('tells listeners of every change with the previous store', () => {
    const seen: [string | null, string | null][] = [];
    const stop = onStoreChange((id, prev) => seen.push([id, prev]));
    switchStore(storeIds[0]!);
    switchStore(storeIds[0]!);
    switchStore(storeIds[2]!);
    stop();
    switchStore(storeIds[1]!);
    expect(seen).toEqual([
      [storeIds[0], null],
      [storeIds[2], storeIds[0]],
    ]);
  });

  it('after a forced refresh, clears a vanished current store with a warning', async () => {
    useCurrentStore.getState().setCurrentStoreId('closed-for-good');
    await refreshStores({ force: true });
    expect(useCurrentStore.getState()).toMatchObject({
      currentStoreId: null,
      warning: '您选择的门店已停止服务，请重新选择门店',
    });
  });
});
