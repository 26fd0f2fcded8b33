import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { TENANT_HEADER } from '@snowgear/contracts';
import { apiBaseUrl } from '../src/lib/api-base-url';
import { StorageKey } from '../src/lib/storage';
import { INLINE_API_BASE, preloadScript, textGroupsIn } from './route-texts';

const GROUPS = new Set(['app', 'booking', 'orders', 'addresses', 'validation']);

describe('the text groups a page reads', () => {
  it('finds keys written out, keys built on a group and groups handed on as a prefix', () => {
    const code = [
      `t("booking.title")`,
      't(`orders.status.${s}`)',
      `fieldErrors(issues, 'addresses')`,
      `i18n.t('app.crashed')`,
    ].join(';');
    expect([...textGroupsIn(code, GROUPS)].sort()).toEqual([
      'addresses',
      'app',
      'booking',
      'orders',
    ]);
  });

  it('ignores words that are no group and groups inside other words', () => {
    const code = `const a = "apples.ripe"; const b = 'bookings'; const c = "my-app.css"; x.validation`;
    expect([...textGroupsIn(code, GROUPS)]).toEqual([]);
  });
});

describe('the inline script’s API base', () => {
  const inline = runInNewContext(`(${INLINE_API_BASE})`) as (
    l: { protocol: string; hostname: string; port: string },
    o: string,
  ) => string;

  it('is the app’s own, wherever the page is served and whatever the build says', () => {
    const places = [
      ['http:', 'localhost', '3000'],
      ['http:', 'shop.localhost', ''],
      ['http:', '192.168.1.20', '3000'],
      ['http:', '[::1]', '3000'],
      ['https:', 'www.snowrental.cn', ''],
      ['https:', 'snowrental.cn', ''],
      ['http:', 'h5.snowrental.cn', '8080'],
      ['https:', 'wwwsnow.cn', ''],
      ['https:', '10.0.0.1.nip.io', ''],
    ] as const;
    for (const [protocol, hostname, port] of places) {
      const location = { protocol, hostname, port };
      for (const override of ['', '/api/', 'https://api.example.com/api']) {
        expect(inline(location, override)).toBe(apiBaseUrl(location, override || undefined));
      }
    }
  });

  it('reads the keys the app keeps the language, configuration and tenant under', () => {
    const script = preloadScript('');
    expect(script).toContain(`localStorage.getItem(${JSON.stringify(StorageKey.language)})`);
    expect(script).toContain(`localStorage.getItem(${JSON.stringify(StorageKey.systemConfigs)})`);
    expect(script).toContain(`localStorage.getItem(${JSON.stringify(StorageKey.tenantId)})`);
    // The tenant goes in the header the app's calls name it in.
    expect(script).toContain(`h[${JSON.stringify(TENANT_HEADER)}]=t`);
  });
});
