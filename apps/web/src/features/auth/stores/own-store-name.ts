import { useStoreName } from '@/features/system-config';
import { useSession } from './session-store';

/**
 * The signed-in person's own store as the reader reads it: the profile carries the Chinese name,
 * the configuration the one in the reader's language (and follows a change of language).
 */
export function useOwnStoreName(): string | null {
  const storeId = useSession((s) => s.user?.primaryStoreId);
  const fallback = useSession((s) => s.user?.storeName ?? null);
  return useStoreName(storeId, fallback);
}
