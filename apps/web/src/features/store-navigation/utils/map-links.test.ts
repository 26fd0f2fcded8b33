import { describe, expect, it } from 'vitest';
import { wgs84ToBd09, wgs84ToGcj02 } from './china-coordinates';
import { addressSearchLinks, amapUrl, baiduUrl, mapLinks, tencentUrl } from './map-links';

const store = {
  name: '万龙雪场店',
  address: '河北省张家口市崇礼区万龙滑雪场服务大厅',
  location: { latitude: 40.9633, longitude: 115.3924 },
};

describe('map app links', () => {
  it('opens Amap at the GCJ-02 point, declared as such, with the name and address', () => {
    const url = new URL(amapUrl(store));
    const gcj = wgs84ToGcj02(store.location);
    expect(url.origin + url.pathname).toBe('https://uri.amap.com/marker');
    expect(url.searchParams.get('position')).toBe(
      `${gcj.longitude.toFixed(6)},${gcj.latitude.toFixed(6)}`,
    );
    expect(url.searchParams.get('coordinate')).toBe('gaode');
    expect(url.searchParams.get('callnative')).toBe('1');
    expect(url.searchParams.get('name')).toBe(`${store.name} ${store.address}`);
  });

  it('opens Baidu at the BD-09 point, latitude first', () => {
    const url = new URL(baiduUrl(store));
    const bd = wgs84ToBd09(store.location);
    expect(url.origin + url.pathname).toBe('https://api.map.baidu.com/marker');
    expect(url.searchParams.get('location')).toBe(
      `${bd.latitude.toFixed(6)},${bd.longitude.toFixed(6)}`,
    );
    expect(url.searchParams.get('coord_type')).toBe('bd09ll');
    expect(url.searchParams.get('output')).toBe('html');
    expect(url.searchParams.get('title')).toBe(store.name);
    expect(url.searchParams.get('content')).toBe(store.address);
    expect(url.searchParams.get('src')).toMatch(/^webapp\./);
  });

  it("opens Tencent at the GCJ-02 point and keeps the marker's separators out of the text", () => {
    const url = new URL(tencentUrl({ ...store, name: 'A;B:C', address: '1|2' }));
    const gcj = wgs84ToGcj02(store.location);
    expect(url.origin + url.pathname).toBe('https://apis.map.qq.com/uri/v1/marker');
    expect(url.searchParams.get('marker')).toBe(
      `coord:${gcj.latitude.toFixed(6)},${gcj.longitude.toFixed(6)};title:A；B：C;addr:1｜2`,
    );
    expect(url.searchParams.get('coord_type')).toBe('2');
    expect(url.searchParams.get('referer')).toBeTruthy();
  });

  it('lists Amap, Baidu and Tencent, and falls back to the name without an address', () => {
    const links = mapLinks({ ...store, address: '' });
    expect(links.map((l) => l.app)).toEqual(['amap', 'baidu', 'tencent']);
    expect(new URL(links[0]!.url).searchParams.get('name')).toBe(store.name);
    expect(new URL(links[1]!.url).searchParams.get('content')).toBe(store.name);
  });
});

describe('map search for a customer’s address', () => {
  const store = { latitude: 40.9587, longitude: 115.4032 };

  it('searches each map app for the words, near the store, in its own coordinates', () => {
    const [amap, baidu, tencent] = addressSearchLinks(' 万龙酒店 802 ', store);
    const a = new URL(amap!.url);
    expect(a.origin + a.pathname).toBe('https://uri.amap.com/search');
    expect(a.searchParams.get('keyword')).toBe('万龙酒店 802');
    const gcj = wgs84ToGcj02(store);
    expect(a.searchParams.get('center')).toBe(
      `${gcj.longitude.toFixed(6)},${gcj.latitude.toFixed(6)}`,
    );
    const b = new URL(baidu!.url);
    expect(b.pathname).toBe('/place/search');
    expect(b.searchParams.get('query')).toBe('万龙酒店 802');
    const bd = wgs84ToBd09(store);
    expect(b.searchParams.get('location')).toBe(
      `${bd.latitude.toFixed(6)},${bd.longitude.toFixed(6)}`,
    );
    const t = new URL(tencent!.url);
    expect(t.pathname).toBe('/uri/v1/search');
    expect(t.searchParams.get('keyword')).toBe('万龙酒店 802');
    expect(t.searchParams.get('center')).toBe(
      `${gcj.latitude.toFixed(6)},${gcj.longitude.toFixed(6)}`,
    );
  });

  it('searches without a centre when the store has no coordinates', () => {
    const links = addressSearchLinks('崇礼区太子城', null);
    expect(links.map((l) => l.app)).toEqual(['amap', 'baidu', 'tencent']);
    for (const link of links) expect(link.url).not.toContain('center=');
    expect(new URL(links[1]!.url).searchParams.has('location')).toBe(false);
  });
});
