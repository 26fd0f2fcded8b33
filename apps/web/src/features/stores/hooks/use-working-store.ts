import { RoleName, type UserProfile } from '@snowgear/contracts';
import { useSession } from '@/features/auth';
import { useConfigStore } from '@/features/system-config';
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
  const storeId = workingStoreId(user, canSwitch, currentStoreId, stores);
  const storeName = (storeId && stores?.[storeId]?.storeName) || user?.storeName || '';
  return { storeId, storeName, canSwitch };
}

/** The working store as the page will see it, read once outside React (main.tsx's prefetch). */
export function workingStoreNow(): string | null {
  const session = useSession.getState();
  return workingStoreId(
    session.user,
    session.roles.includes(RoleName.SuperAdmin),
    useCurrentStore.getState().currentStoreId,
    useConfigStore.getState().config?.storeConfigs,
  );
}

function workingStoreId(
  user: UserProfile | null,
  canSwitch: boolean,
  currentStoreId: string | null,
  stores: Record<string, unknown> | undefined,
): string | null {
  const known = (id: string | null | undefined): id is string => !!id && !!stores?.[id];
  const own = user?.primaryStoreId ?? null;
  if (!canSwitch) return own;
  if (known(currentStoreId)) return currentStoreId;
  if (known(own)) return own;
  return Object.keys(stores ?? {})[0] ?? own;
}
