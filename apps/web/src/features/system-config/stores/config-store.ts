import { create } from 'zustand';
import { SupportedLanguage, type H5Config } from '@snowgear/contracts';
import { i18n } from '@/lib/i18n';
import { storage, StorageKey } from '@/lib/storage';
import { getH5Config } from '../api/get-h5-config';

/** The system configuration, cached locally for 30 minutes with a stale fallback (spec §4). */
export const CONFIG_CACHE_TTL_MS = 1_800_000;

interface CachedConfig {
  data: H5Config;
  timestamp: number;
}

/**
 * The configuration as a reader of `language` reads it: store names, addresses and the rental
 * agreement in English for an English reader where the business gave them (else the Chinese).
 */
export function configInLanguage(config: H5Config, language: string): H5Config {
  if (language !== SupportedLanguage.enUS) return config;
  const { systemInfo } = config;
  return {
    ...config,
    systemInfo: {
      ...systemInfo,
      companyName: systemInfo.companyNameEn || systemInfo.companyName,
      rentalAgreement: systemInfo.rentalAgreementEn || systemInfo.rentalAgreement,
    },
    storeConfigs: Object.fromEntries(
      Object.entries(config.storeConfigs).map(([id, store]) => [
        id,
        {
          ...store,
          storeName: store.storeNameEn || store.storeName,
          contactInfo: {
            ...store.contactInfo,
            address: store.contactInfo.addressEn || store.contactInfo.address,
          },
        },
      ]),
    ),
  };
}

interface ConfigState {
  /** As the reader reads it (configInLanguage): what pages show. */
  config: H5Config | null;
  /** As the server sent it, both languages side by side: what the administration edits. */
  source: H5Config | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** '加载配置失败' when nothing could be loaded. */
  error: string | null;
  /** Showing a cache older than its time-to-live because the refresh failed. */
  stale: boolean;
  /** When what is shown was fetched from the server (ms), or null before anything was loaded. */
  fetchedAt: number | null;
  /** Loads it and answers it as the reader reads it. */
  load: (options?: { force?: boolean }) => Promise<H5Config | null>;
}

function readCache(): CachedConfig | null {
  const cached = storage.getJson<CachedConfig>(StorageKey.systemConfigs);
  return cached && typeof cached.timestamp === 'number' && cached.data ? cached : null;
}

/** Both views of one configuration (the one read now and the one as sent). */
const views = (data: H5Config) => ({ config: configInLanguage(data, i18n.language), source: data });

export const useConfigStore = create<ConfigState>()((set) => ({
  ...(readCache() ? views(readCache()!.data) : { config: null, source: null }),
  status: 'idle',
  error: null,
  stale: false,
  fetchedAt: readCache()?.timestamp ?? null,
  async load(options = {}) {
    const cached = readCache();
    if (!options.force && cached && Date.now() - cached.timestamp < CONFIG_CACHE_TTL_MS) {
      const read = views(cached.data);
      set({ ...read, status: 'ready', error: null, stale: false, fetchedAt: cached.timestamp });
      return read.config;
    }
    set({ status: 'loading' });
    try {
      const data = await getH5Config();
      const timestamp = Date.now();
      storage.setJson(StorageKey.systemConfigs, { data, timestamp } satisfies CachedConfig);
      const read = views(data);
      set({ ...read, status: 'ready', error: null, stale: false, fetchedAt: timestamp });
      return read.config;
    } catch {
      if (cached) {
        const read = views(cached.data);
        set({ ...read, status: 'ready', error: null, stale: true });
        return read.config;
      }
      set({ status: 'error', error: i18n.t('app.configLoadFailed') });
      return null;
    }
  },
}));

// A switch of language reads the same configuration again in the new one.
i18n.on('languageChanged', () => {
  const { source } = useConfigStore.getState();
  if (source) useConfigStore.setState(views(source));
});

/**
 * The business as customers know it (its company name; the system's name where none is set):
 * their pages are titled with it, not with the back office's name.
 */
/**
 * A store's name as the reader reads it, from the configuration (which follows the language);
 * `fallback` (the name a profile or an order carried) until it has loaded, or for a store it
 * does not list.
 */
export function useStoreName(storeId: string | null | undefined, fallback: string | null) {
  return useConfigStore((s) => (storeId && s.config?.storeConfigs[storeId]?.storeName) || fallback);
}

export function useBusinessName(): string {
  return useConfigStore(
    (s) => s.config?.systemInfo.companyName || s.config?.systemInfo.systemName || '',
  );
}
