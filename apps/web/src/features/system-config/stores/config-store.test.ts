import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_TIMEOUT_MS, http } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { CONFIG_CACHE_TTL_MS, useConfigStore } from './config-store';

/** Against the real server; a closed port stands in for a dead network. */
const realBase = http.defaults.baseURL;
const cutNetwork = () => {
  http.defaults.baseURL = 'http://127.0.0.1:9/api';
};
const cached = () =>
  JSON.parse(window.localStorage.getItem('h5_system_configs') ?? 'null') as {
    timestamp: number;
    data: { storeConfigs: Record<string, unknown> };
  } | null;

/**
 * Whether the demo's three stores are in a configuration (another file's test may have a store of
 * its own open meanwhile: the web tests share one server).
 */
const demoStoresIn = (config: { storeConfigs: Record<string, { storeName: string }> } | null) =>
  ['万龙雪场店', '太舞小镇店', '云顶夜场店'].every((name) =>
    Object.values(config?.storeConfigs ?? {}).some((s) => s.storeName === name),
  );

describe('configuration cache', () => {
  beforeEach(() =>
    useConfigStore.setState({ config: null, status: 'idle', error: null, stale: false }),
  );
  afterEach(() => {
    http.defaults.baseURL = realBase;
  });

  it('loads from the server and keeps a timestamped copy', async () => {
    const config = await useConfigStore.getState().load();
    expect(demoStoresIn(config)).toBe(true);
    expect(cached()?.timestamp).toBeGreaterThan(Date.now() - 5000);
    expect(useConfigStore.getState().status).toBe('ready');
  });

  it('serves a fresh cache without the network for 30 minutes', async () => {
    await useConfigStore.getState().load();
    cutNetwork();
    const again = await useConfigStore.getState().load();
    expect(again).not.toBeNull();
    expect(useConfigStore.getState().stale).toBe(false);
  });

  it('refetches an expired cache, and falls back to it when the refetch fails', async () => {
    await useConfigStore.getState().load();
    const entry = cached();
    window.localStorage.setItem(
      'h5_system_configs',
      JSON.stringify({ ...entry, timestamp: Date.now() - CONFIG_CACHE_TTL_MS - 1 }),
    );
    cutNetwork();
    const config = await useConfigStore.getState().load();
    expect(demoStoresIn(config)).toBe(true);
    expect(useConfigStore.getState()).toMatchObject({ status: 'ready', stale: true, error: null });
  });

  it("says '加载配置失败' when there is nothing to fall back to", async () => {
    cutNetwork();
    const config = await useConfigStore.getState().load();
    expect(config).toBeNull();
    expect(useConfigStore.getState()).toMatchObject({ status: 'error', error: '加载配置失败' });
  });

  it('a forced load ignores a fresh cache', async () => {
    await useConfigStore.getState().load();
    cutNetwork();
    await useConfigStore.getState().load({ force: true });
    expect(useConfigStore.getState().stale).toBe(true);
  });
});

describe('the configuration index.html asked for on a first visit', () => {
  const holder = window as { __earlyH5Config?: Promise<unknown> };
  beforeEach(() => {
    useConfigStore.setState({ config: null, status: 'idle', error: null, stale: false });
    window.localStorage.removeItem('h5_system_configs');
  });
  afterEach(() => {
    http.defaults.baseURL = realBase;
    delete holder.__earlyH5Config;
    vi.useRealTimers();
  });
  /** What the server answers index.html's request. */
  const serverAnswer = async () => (await http.get('/app/config-distribution/h5')).data;

  it('is taken instead of asking again, once, and kept', async () => {
    holder.__earlyH5Config = Promise.resolve(await serverAnswer());
    cutNetwork();
    const config = await useConfigStore.getState().load();
    expect(demoStoresIn(config)).toBe(true);
    expect(cached()?.data.storeConfigs).toEqual(config?.storeConfigs);
    expect(holder.__earlyH5Config).toBeUndefined();
    // Taken once: the next forced load asks the (cut) network and keeps the copy.
    await useConfigStore.getState().load({ force: true });
    expect(useConfigStore.getState().stale).toBe(true);
  });

  it('gives way to the app’s own request when it failed', async () => {
    holder.__earlyH5Config = Promise.resolve(null);
    const config = await useConfigStore.getState().load();
    expect(demoStoresIn(config)).toBe(true);
    holder.__earlyH5Config = Promise.reject(new Error('network'));
    expect(await useConfigStore.getState().load({ force: true })).not.toBeNull();
  });

  it('is given up after the API’s time-out when it never answers', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    holder.__earlyH5Config = new Promise(() => undefined);
    const loading = useConfigStore.getState().load();
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS);
    vi.useRealTimers();
    const config = await loading;
    expect(demoStoresIn(config)).toBe(true);
  });

  it('reads store names, addresses and the agreement in English for an English reader', async () => {
    await changeLanguage('zh-CN');
    await useConfigStore.getState().load({ force: true });
    const wanlong = () =>
      Object.values(useConfigStore.getState().config!.storeConfigs).find(
        (s) => s.storeNameEn === 'Wanlong Resort Store',
      )!;
    expect(wanlong().storeName).toBe('万龙雪场店');
    expect(wanlong().contactInfo.address).toMatch(/^河北省/);
    // The switch reads the same configuration again, without asking the server.
    cutNetwork();
    await changeLanguage('en-US');
    try {
      expect(wanlong().storeName).toBe('Wanlong Resort Store');
      expect(wanlong().contactInfo.address).toMatch(/Wanlong Ski Resort/);
      expect(useConfigStore.getState().config!.systemInfo.rentalAgreement).toMatch(
        /^1\. The renter/,
      );
      // What the administration edits stays as sent, both languages side by side.
      expect(useConfigStore.getState().source!.systemInfo.rentalAgreement).toMatch(/^1\. /);
      expect(useConfigStore.getState().source!.systemInfo.rentalAgreementEn).toMatch(/The renter/);
    } finally {
      await changeLanguage('zh-CN');
    }
  });
});
