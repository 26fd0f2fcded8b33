import { RoleName } from '@snowgear/contracts';
import { useSession } from '@/features/auth/stores/session-store';
import { useConfigStore } from '@/features/system-config/stores/config-store';
import { useCurrentStore } from '../stores/current-store';

export interface WorkingStore {
  /** The store the counter pages work on (stock, new orders, the workspace and order lists). */
  storeId: string | null;
  storeName: string;
  /** Whether the user may see several stores, and so switch between them. */
  canSwitch: boolean;
}

/**
 * Staff work for their own store. Someone who may see every store (a SuperAdmin) works on the
 * current store they chose (spec §4: remembered as the current store), else their own, else the
 * first store, so every counter page covers one store at a time and says which.
 */
export function useWorkingStore(): WorkingStore {
  const user = useSession((s) => s.user);
  const canSwitch = useSession((s) => s.roles.includes(RoleName.SuperAdmin));
  const currentStoreId = useCurrentStore((s) => s.currentStoreId);
  const stores = useConfigStore((s) => s.config?.storeConfigs);
  const known = (id: string | null | undefined): id is string => !!id && !!stores?.[id];
  const own = user?.primaryStoreId ?? null;
  const storeId = canSwitch
    ? known(currentStoreId)
      ? currentStoreId
      : known(own)
        ? own
        : (Object.keys(stores ?? {})[0] ?? own)
    : own;
  const storeName = (storeId && stores?.[storeId]?.storeName) || user?.storeName || '';
  return { storeId, storeName, canSwitch };
}
