import { inject } from 'vitest';

/**
 * This worker's server (support/global-setup.ts starts one per worker): a journey's file runs
 * against it alone, so files on other workers never see its bookings or settings.
 */
const servers = inject('servers');
const mine = servers[(Number(process.env.VITEST_POOL_ID ?? '1') - 1) % servers.length]!;

export const baseUrl = mine.baseUrl;
export const wechatPayUrl = mine.wechatPayUrl;
