import { describe, expect, it } from 'vitest';
import {
  continuousRotation,
  destinationPoint,
  distanceMeters,
  initialBearing,
  normalizeDegrees,
  signedDegrees,
  smoothHeading,
} from './geo';

const WANLONG = { latitude: 40.9633, longitude: 115.3924 };

describe('distance and bearing', () => {
  it('measures one degree of latitude as about 111.2 km and due north as 0°', () => {
    const a = { latitude: 40, longitude: 115 };
    const b = { latitude: 41, longitude: 115 };
    expect(distanceMeters(a, b)).toBeCloseTo(111_195, -1);
    expect(initialBearing(a, b)).toBeCloseTo(0, 6);
    expect(initialBearing(b, a)).toBeCloseTo(180, 6);
  });

  // Reference values from an independent (vector) computation on the same sphere.
  it('knows the Beijing to Shanghai distance and the initial bearing of a great circle', () => {
    const beijing = { latitude: 39.9042, longitude: 116.4074 };
    const shanghai = { latitude: 31.2304, longitude: 121.4737 };
    expect(distanceMeters(beijing, shanghai) / 1000).toBeCloseTo(1067.3, 0);
    // South-south-east, but not 180 − the return bearing: great circles are not rhumb lines.
    expect(initialBearing(beijing, shanghai)).toBeCloseTo(153.07, 1);
    expect(initialBearing(shanghai, beijing)).toBeCloseTo(336.03, 1);
  });

  it('puts a point 500 m east of a store at a bearing of 270° to it, 500 m away', () => {
    const me = destinationPoint(WANLONG, 90, 500);
    expect(distanceMeters(me, WANLONG)).toBeCloseTo(500, 3);
    expect(initialBearing(me, WANLONG)).toBeCloseTo(270, 2);
    expect(distanceMeters(WANLONG, WANLONG)).toBe(0);
  });
});

describe('angles', () => {
  it('normalises to 0-360 and to a signed turn', () => {
    expect(normalizeDegrees(-90)).toBe(270);
    expect(normalizeDegrees(720)).toBe(0);
    expect(normalizeDegrees(-0)).toBe(0);
    expect(signedDegrees(270)).toBe(-90);
    expect(signedDegrees(180)).toBe(180);
    expect(signedDegrees(-180)).toBe(180);
  });

  it('smooths a heading the short way across north, and starts from the first reading', () => {
    expect(smoothHeading(null, 123)).toBe(123);
    expect(smoothHeading(350, 10, 0.5)).toBeCloseTo(0, 9);
    expect(smoothHeading(10, 350, 0.25)).toBeCloseTo(5, 9);
    // A steady reading is reached, not overshot.
    let h: number | null = 0;
    for (let i = 0; i < 60; i += 1) h = smoothHeading(h, 90);
    expect(h).toBeCloseTo(90, 3);
  });

  it('keeps a CSS rotation continuous when the target wraps around', () => {
    expect(continuousRotation(null, -30)).toBe(330);
    expect(continuousRotation(350, 10)).toBe(370);
    expect(continuousRotation(370, 350)).toBe(350);
    expect(continuousRotation(-10, 170)).toBe(170);
  });
});
