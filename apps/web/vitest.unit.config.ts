import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

/**
 * Tests of plain functions: nothing they import reads a page (no DOM, storage, i18n or server).
 * They run on Node without jsdom, the page set-up (src/test/setup.ts) or the real server, all in
 * one module graph per worker, instead of each paying for a page of its own (about two seconds
 * a file). A test whose code comes to need a page fails here ("window is not defined"): move it
 * off this list, back to the page tests of vitest.config.ts.
 */
export const UNIT_TESTS = [
  'build/antd-shims.test.ts',
  'build/lean-icons.test.ts',
  'build/feature-deep-imports.test.ts',
  'build/route-texts.test.ts',
  'build/start-after-boot.test.ts',
  'src/config/route-meta.test.ts',
  'src/features/scanner/decoder/decoder-client.test.ts',
  'src/features/store-navigation/utils/orientation.test.ts',
  'src/features/audio/utils/render-tones.test.ts',
  'src/features/audit-log/utils/audit-filters.test.ts',
  'src/features/rental-summary/utils/summary-view.test.ts',
  'src/features/customer-orders/utils/my-order-rules.test.ts',
  'src/features/finance/utils/date-range.test.ts',
  'src/features/finance/utils/money.test.ts',
  'src/features/orders/utils/order-create-fees.test.ts',
  'src/features/scanner/utils/scan-rules.test.ts',
  'src/features/store-navigation/utils/china-coordinates.test.ts',
  'src/features/store-navigation/utils/directions.test.ts',
  'src/features/store-navigation/utils/geo.test.ts',
  'src/features/store-navigation/utils/map-links.test.ts',
  'src/features/system-config/utils/business-parameters.test.ts',
  'src/features/system-config/utils/rental-rules.test.ts',
  'src/lib/antd-motion.test.ts',
  'src/lib/api-base-url.test.ts',
  'src/lib/dayjs-zones.test.ts',
  'src/lib/authorization.test.ts',
  'src/lib/limit-concurrency.test.ts',
  'src/lib/money.test.ts',
  'src/lib/store-clock.test.ts',
  'src/lib/store-time.test.ts',
  'src/lib/zod-jitless.test.ts',
  'src/locales/keys-used.test.ts',
];

export default defineProject({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'web-unit',
    include: UNIT_TESTS,
    environment: 'node',
    pool: 'threads',
    isolate: false,
  },
});
