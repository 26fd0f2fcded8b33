import { create } from 'zustand';
import type { H5Config } from '@snowgear/contracts';
import { i18n } from '@/lib/i18n';
import { storage, StorageKey } from '@/lib/storage';
import { getH5Config } from '../api/get-h5-config';

/** The system configuration, cached locally for 30 minutes with a stale fallback (spec §4). */
export const CONFIG_CACHE_TTL_MS = 1_800_000;

interface CachedConfig {
  data: H5Config;
  timestamp: number;
}

interface ConfigState {
  config: H5Config | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** '加载配置失败' when nothing could be loaded. */
  error: string | null;
  /** Showing a cache older than its time-to-live because the refresh failed. */
  stale: boolean;
  /** When what is shown was fetched from the server (ms), or null before anything was loaded. */
  fetchedAt: number | null;
  load: (options?: { force?: boolean }) => Promise<H5Config | null>;
}

function readCache(): CachedConfig | null {
  const cached = storage.getJson<CachedConfig>(StorageKey.systemConfigs);
  return cached && typeof cached.timestamp === 'number' && cached.data ? cached : null;
}

export const useConfigStore = create<ConfigState>()((set) => ({
  config: readCache()?.data ?? null,
  status: 'idle',
  error: null,
  stale: false,
  fetchedAt: readCache()?.timestamp ?? null,
  async load(options = {}) {
    const cached = readCache();
    if (!options.force && cached && Date.now() - cached.timestamp < CONFIG_CACHE_TTL_MS) {
      set({
        config: cached.data,
        status: 'ready',
        error: null,
        stale: false,
        fetchedAt: cached.timestamp,
      });
      return cached.data;
    }
    set({ status: 'loading' });
    try {
      const data = await getH5Config();
      const timestamp = Date.now();
      storage.setJson(StorageKey.systemConfigs, { data, timestamp } satisfies CachedConfig);
      set({ config: data, status: 'ready', error: null, stale: false, fetchedAt: timestamp });
      return data;
    } catch {
      if (cached) {
        set({ config: cached.data, status: 'ready', error: null, stale: true });
        return cached.data;
      }
      set({ status: 'error', error: i18n.t('app.configLoadFailed') });
      return null;
    }
  },
}));

/**
 * The business as customers know it (its company name; the system's name where none is set):
 * their pages are titled with it, not with the back office's name.
 */
export function useBusinessName(): string {
  return useConfigStore(
    (s) => s.config?.systemInfo.companyName || s.config?.systemInfo.systemName || '',
  );
}
