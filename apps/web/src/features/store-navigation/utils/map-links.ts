import type { LatLng } from './geo';
import { wgs84ToBd09, wgs84ToGcj02 } from './china-coordinates';

export const MapApp = {
  Amap: 'amap',
  Baidu: 'baidu',
  Tencent: 'tencent',
} as const;
export type MapApp = (typeof MapApp)[keyof typeof MapApp];

export interface MapTarget {
  name: string;
  address: string;
  /** WGS-84, as stored. */
  location: LatLng;
}

export interface MapLink {
  app: MapApp;
  url: string;
}

/** Who is calling, as the URI APIs ask (Baidu's `src` wants webapp.company.app). */
const AMAP_SRC = 'snowgear-rental';
const BAIDU_SRC = 'webapp.snowgear.rental';
const TENCENT_REFERER = 'snowgear-rental';

/** Six decimals is about 0.1 m: more only makes the link longer. */
const fixed = (n: number) => n.toFixed(6);

/**
 * Tencent's marker packs attributes as `key:value;key:value`; a name or address holding those
 * separators would cut the marker short, so they become their full-width forms.
 */
const tencentSafe = (text: string) =>
  text.replace(/;/g, '；').replace(/:/g, '：').replace(/\|/g, '｜').trim();

/*
 * Coordinates: all three web URI APIs document a way to declare WGS-84 input (Amap
 * `coordinate=wgs84`, Baidu `coord_type=wgs84`, Tencent `coord_type=1`), but the links are also
 * handed on to the installed apps, where that conversion is not documented. So the point is
 * converted here (utils/china-coordinates.ts, unit-tested) and sent in each map's own system, with
 * that system declared explicitly: GCJ-02 for Amap (`coordinate=gaode`) and Tencent
 * (`coord_type=2`), BD-09 for Baidu (`coord_type=bd09ll`).
 */

/** Amap single-point marker; `callnative=1` opens the Amap app when installed. */
export function amapUrl(target: MapTarget): string {
  const p = wgs84ToGcj02(target.location);
  const params = new URLSearchParams({
    position: `${fixed(p.longitude)},${fixed(p.latitude)}`,
    // Amap's marker has a name but no address field, so the address follows the name.
    name: target.address ? `${target.name} ${target.address}` : target.name,
    src: AMAP_SRC,
    coordinate: 'gaode',
    callnative: '1',
  });
  return `https://uri.amap.com/marker?${params.toString()}`;
}

/** Baidu web marker (offers "open in app" on phones); latitude first. */
export function baiduUrl(target: MapTarget): string {
  const p = wgs84ToBd09(target.location);
  const params = new URLSearchParams({
    location: `${fixed(p.latitude)},${fixed(p.longitude)}`,
    title: target.name,
    content: target.address || target.name,
    output: 'html',
    coord_type: 'bd09ll',
    src: BAIDU_SRC,
  });
  return `https://api.map.baidu.com/marker?${params.toString()}`;
}

/** Tencent marker; latitude first. */
export function tencentUrl(target: MapTarget): string {
  const p = wgs84ToGcj02(target.location);
  const marker = [
    `coord:${fixed(p.latitude)},${fixed(p.longitude)}`,
    `title:${tencentSafe(target.name)}`,
    `addr:${tencentSafe(target.address || target.name)}`,
  ].join(';');
  const params = new URLSearchParams({ marker, coord_type: '2', referer: TENCENT_REFERER });
  return `https://apis.map.qq.com/uri/v1/marker?${params.toString()}`;
}

/** The three map apps, always in the same order so a returning customer finds theirs. */
export function mapLinks(target: MapTarget): MapLink[] {
  return [
    { app: MapApp.Amap, url: amapUrl(target) },
    { app: MapApp.Baidu, url: baiduUrl(target) },
    { app: MapApp.Tencent, url: tencentUrl(target) },
  ];
}

/**
 * A customer's address is words, not a point: each map app searches for it near the store
 * (Amap `search`, Baidu `place/search`, Tencent `search`), so a hotel name finds the hotel by the
 * resort, not one of the same name across the country.
 */
export function addressSearchLinks(address: string, near: LatLng | null): MapLink[] {
  const keyword = address.trim();
  const gcj = near ? wgs84ToGcj02(near) : null;
  const bd = near ? wgs84ToBd09(near) : null;
  const amap = new URLSearchParams({ keyword, src: AMAP_SRC, callnative: '1' });
  if (gcj) {
    amap.set('center', `${fixed(gcj.longitude)},${fixed(gcj.latitude)}`);
    amap.set('coordinate', 'gaode');
  }
  const baidu = new URLSearchParams({ query: keyword, output: 'html', src: BAIDU_SRC });
  if (bd) {
    baidu.set('location', `${fixed(bd.latitude)},${fixed(bd.longitude)}`);
    baidu.set('radius', '50000');
    baidu.set('coord_type', 'bd09ll');
  }
  const tencent = new URLSearchParams({ keyword, referer: TENCENT_REFERER });
  if (gcj) {
    tencent.set('center', `${fixed(gcj.latitude)},${fixed(gcj.longitude)}`);
    tencent.set('radius', '50000');
  }
  return [
    { app: MapApp.Amap, url: `https://uri.amap.com/search?${amap.toString()}` },
    { app: MapApp.Baidu, url: `https://api.map.baidu.com/place/search?${baidu.toString()}` },
    { app: MapApp.Tencent, url: `https://apis.map.qq.com/uri/v1/search?${tencent.toString()}` },
  ];
}
