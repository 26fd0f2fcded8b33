import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { TENANT_HEADER } from '@snowgear/contracts';
import { apiBaseUrl } from '../src/lib/api-base-url';
import { languageFor } from '../src/lib/i18n';
import { StorageKey } from '../src/lib/storage';
import {
  INLINE_API_BASE,
  INLINE_LANGUAGE,
  pickTexts,
  preloadScript,
  textPathsIn,
} from './route-texts';

const GROUPS = new Set(['app', 'booking', 'orders', 'addresses', 'validation']);

const pathsIn = (code: string) => textPathsIn(code, GROUPS).map((path) => path.join('.'));

describe('the texts a page reads', () => {
  it('finds keys written out, keys built on a part of a group and groups handed on as a prefix', () => {
    const code = [
      `t("booking.title")`,
      't(`orders.status.${s}`)',
      't(`orders.fee${kind}`)',
      `fieldErrors(issues, 'addresses')`,
      `i18n.t('app.crashed')`,
      `t('validation.' + code)`,
    ].join(';');
    expect(pathsIn(code)).toEqual([
      'booking.title',
      'orders.status',
      'orders.fee',
      'addresses',
      'app.crashed',
      'validation',
    ]);
  });

  it('ignores words that are no group, groups inside other words and query keys', () => {
    const code = [
      `const a = "apples.ripe"; const b = 'bookings'; const c = "my-app.css"; x.validation`,
      `useQuery({ queryKey: [\n\t"orders",\n\t"by-number", n] })`,
      `addressesKey = ["addresses"]`,
    ].join(';');
    expect(pathsIn(code)).toEqual([]);
  });
});

describe('a page’s share of the texts', () => {
  const texts = {
    app: { crashed: '出错了', loading: '加载中' },
    booking: { title: '预订', days_one: '{{count}} day', days_other: '{{count}} days', other: 'x' },
    orders: {
      status: { Paid: '已付', Open: '待付' },
      feeKinds: { Late: '逾期费', Damage: '损坏费' },
      total: '合计',
    },
    validation: { required: '$t(orders.total)必填', InvalidPhone: '$t(app.crashed)' },
  };

  it('holds the keys read, their plural forms and what a built key may be, and no more', () => {
    const picked = pickTexts(
      [
        ['booking', 'days'],
        ['orders', 'fee'],
        ['app', 'crashed'],
      ],
      texts,
    );
    expect(picked).toEqual({
      booking: { days_one: '{{count}} day', days_other: '{{count}} days' },
      orders: { feeKinds: { Late: '逾期费', Damage: '损坏费' } },
      app: { crashed: '出错了' },
    });
  });

  it('holds a whole group handed on, and the texts a text names', () => {
    expect(pickTexts([['validation']], texts)).toEqual({
      validation: texts.validation,
      orders: { total: '合计' },
      app: { crashed: '出错了' },
    });
  });

  it('leaves the locale as it was', () => {
    const before = JSON.stringify(texts);
    const picked = pickTexts([['orders'], ['orders', 'status']], texts);
    (picked.orders as { total: string }).total = 'changed';
    expect(JSON.stringify(texts)).toBe(before);
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

describe('the language the page opens in, before the app’s code arrives', () => {
  const inline = runInNewContext(`(${INLINE_LANGUAGE})`) as (
    saved: string | null,
    browser: readonly string[],
  ) => string;

  it('is the one the app then shows, for every saved choice and browser', () => {
    const browsers = [
      [],
      [''],
      ['zh-CN'],
      ['zh-TW', 'en'],
      ['en-US', 'zh-CN'],
      ['en-GB'],
      ['de-DE', 'de', 'en'],
      ['ko-KR', 'zh-CN'],
      ['ja-JP'],
      ['fr'],
      ['eng'],
    ];
    for (const saved of [null, 'zh-CN', 'en-US', 'fr', '']) {
      for (const browser of browsers) {
        expect(inline(saved, browser)).toBe(languageFor(saved, browser));
      }
    }
  });

  it('sets <html lang> and is the language whose texts it asks for', () => {
    const script = preloadScript('');
    expect(script).toContain('document.documentElement.lang=L');
    expect(script).toContain("en=L==='en-US'");
  });
});
