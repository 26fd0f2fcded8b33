import { describe, expect, it } from 'vitest';
import {
  adaptiveThreshold,
  boxBlur,
  fitWithin,
  type GrayImage,
  otsuLevel,
  otsuThreshold,
  resize,
  scaleContrast,
  stretchLevels,
  toGray,
  toRgba,
  unsharpMask,
} from './preprocess';

function gray(width: number, height: number, pixel: (x: number, y: number) => number): GrayImage {
  const data = new Uint8ClampedArray(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) data[y * width + x] = pixel(x, y);
  return { data, width, height };
}

/** Vertical bars, 2 px wide, alternating `dark` and `light`. */
const bars = (dark: number, light: number, width = 16, height = 4) =>
  gray(width, height, (x) => (Math.floor(x / 2) % 2 ? light : dark));

describe('pre-processing', () => {
  it('converts RGBA to luminance and back', () => {
    const rgba = new Uint8ClampedArray([
      255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255,
    ]);
    const g = toGray({ data: rgba, width: 2, height: 2 });
    expect([...g.data]).toEqual([76, 150, 29, 255]);
    expect([...toRgba(g).data.slice(0, 8)]).toEqual([76, 76, 76, 255, 150, 150, 150, 255]);
  });

  it('doubles contrast around the mean', () => {
    const out = scaleContrast(bars(100, 140), 2);
    expect(out.data[0]).toBe(80);
    expect(out.data[2]).toBe(160);
  });

  it('stretches dim levels to the full range', () => {
    const out = stretchLevels(bars(90, 120));
    expect(Math.min(...out.data)).toBe(0);
    expect(Math.max(...out.data)).toBe(255);
  });

  it('thresholds to black and white between the two populations (Otsu)', () => {
    const image = bars(60, 200);
    const level = otsuLevel(image);
    expect(level).toBeGreaterThanOrEqual(60);
    expect(level).toBeLessThan(200);
    expect(new Set(otsuThreshold(image).data)).toEqual(new Set([0, 255]));
    expect(otsuThreshold(image).data[0]).toBe(0);
  });

  it('thresholds against the local mean, so a shadow does not swallow the bars', () => {
    // Bars on a background that fades from light (left) to dark (right).
    const image = gray(64, 4, (x) => 220 - x * 2 - (Math.floor(x / 2) % 2 ? 0 : 60));
    const out = adaptiveThreshold(image, 3, 5);
    for (let x = 4; x < 60; x++) expect(out.data[x]).toBe(Math.floor(x / 2) % 2 ? 255 : 0);
  });

  it('blurs a single bright pixel over its neighbourhood', () => {
    const out = boxBlur(
      gray(5, 5, (x, y) => (x === 2 && y === 2 ? 225 : 0)),
      1,
    );
    expect(out.data[2 * 5 + 2]).toBe(25);
    expect(out.data[1 * 5 + 1]).toBe(25);
    expect(out.data[0]).toBe(0);
  });

  it('sharpens an edge (overshoot on both sides)', () => {
    const edge = gray(8, 3, (x) => (x < 4 ? 100 : 150));
    const out = unsharpMask(edge, 1, 1);
    expect(out.data[3]!).toBeLessThan(100);
    expect(out.data[4]!).toBeGreaterThan(150);
    expect(out.data[0]).toBe(100);
  });

  it('resizes: averages when shrinking, interpolates when enlarging', () => {
    const small = resize(bars(0, 200, 8, 2), 0.5);
    expect([small.width, small.height]).toEqual([4, 1]);
    expect([...small.data]).toEqual([0, 200, 0, 200]);
    const big = resize(
      gray(2, 1, (x) => (x ? 200 : 0)),
      2,
    );
    expect([big.width, big.height]).toEqual([4, 2]);
    expect([...big.data.slice(0, 4)]).toEqual([0, 50, 150, 200]);
  });

  it('fits a large image within a longer side and leaves a small one alone', () => {
    const image = bars(0, 255, 400, 100);
    const fitted = fitWithin(image, 200);
    expect([fitted.width, fitted.height]).toEqual([200, 50]);
    expect(fitWithin(image, 400)).toBe(image);
  });

  it('never changes its input', () => {
    const image = bars(100, 140);
    const before = image.data.slice();
    scaleContrast(image, 2);
    otsuThreshold(image);
    unsharpMask(image, 1, 1);
    expect(image.data).toEqual(before);
  });
});
