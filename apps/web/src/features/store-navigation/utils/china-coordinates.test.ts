import { describe, expect, it } from 'vitest';
import { distanceMeters } from './geo';
import { gcj02ToBd09, isOutsideChina, wgs84ToBd09, wgs84ToGcj02 } from './china-coordinates';

// Reference values of the published GCJ-02 and BD-09 transforms at Tiananmen (116.404, 39.915),
// the point most implementations test against.
const TIANANMEN = { latitude: 39.915, longitude: 116.404 };

describe('Chinese map coordinates', () => {
  it('shifts WGS-84 to GCJ-02 as Amap and Tencent draw it', () => {
    const gcj = wgs84ToGcj02(TIANANMEN);
    expect(gcj.longitude).toBeCloseTo(116.41024449916938, 9);
    expect(gcj.latitude).toBeCloseTo(39.91640428150164, 9);
  });

  it('shifts GCJ-02 to BD-09 as Baidu draws it', () => {
    const bd = gcj02ToBd09(TIANANMEN);
    expect(bd.longitude).toBeCloseTo(116.41036949371029, 9);
    expect(bd.latitude).toBeCloseTo(39.92133699351021, 9);
    const viaGcj = gcj02ToBd09(wgs84ToGcj02(TIANANMEN));
    expect(wgs84ToBd09(TIANANMEN)).toEqual(viaGcj);
  });

  it('moves a Chongli store a few hundred metres, as the map offsets there are', () => {
    const store = { latitude: 40.9633, longitude: 115.3924 };
    const gcjShift = distanceMeters(store, wgs84ToGcj02(store));
    const bdShift = distanceMeters(store, wgs84ToBd09(store));
    expect(gcjShift).toBeGreaterThan(100);
    expect(gcjShift).toBeLessThan(700);
    expect(bdShift).toBeGreaterThan(gcjShift);
    expect(bdShift).toBeLessThan(1500);
  });

  it('leaves points outside China alone', () => {
    const zermatt = { latitude: 46.0207, longitude: 7.7491 };
    expect(isOutsideChina(zermatt)).toBe(true);
    expect(wgs84ToGcj02(zermatt)).toEqual(zermatt);
    expect(wgs84ToBd09(zermatt)).toEqual(zermatt);
    expect(isOutsideChina(TIANANMEN)).toBe(false);
  });
});
