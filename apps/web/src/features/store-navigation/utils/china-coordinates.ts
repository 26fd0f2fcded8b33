import type { LatLng } from './geo';

/**
 * Maps published in mainland China do not use WGS-84: Amap and Tencent draw in GCJ-02, Baidu in
 * BD-09 (GCJ-02 shifted once more). The offsets are a few hundred metres, enough to send a skier
 * to the wrong car park, so a store's WGS-84 point is converted before it goes to those apps.
 * GCJ-02 is the publicly known approximation on the Krasovsky 1940 ellipsoid (accurate to a
 * metre or so); outside China the maps use WGS-84 and nothing is shifted.
 */

const KRASOVSKY_A = 6_378_245;
const KRASOVSKY_EE = 0.006_693_421_622_965_943;
const X_PI = (Math.PI * 3000) / 180;

/** A rough box around mainland China; outside it, Chinese maps draw WGS-84 as is. */
export function isOutsideChina({ latitude, longitude }: LatLng): boolean {
  return longitude < 72.004 || longitude > 137.8347 || latitude < 0.8293 || latitude > 55.8271;
}

// The two offset polynomials of GCJ-02, in metres-ish units, around (105°E, 35°N).
function offsetLatitude(x: number, y: number): number {
  const base = -100 + 2 * x + 3 * y + 0.2 * y * y + 0.1 * x * y + 0.2 * Math.sqrt(Math.abs(x));
  const waveX = 20 * Math.sin(6 * x * Math.PI) + 20 * Math.sin(2 * x * Math.PI);
  const waveY = 20 * Math.sin(y * Math.PI) + 40 * Math.sin((y / 3) * Math.PI);
  const longWaveY = 160 * Math.sin((y / 12) * Math.PI) + 320 * Math.sin((y * Math.PI) / 30);
  return base + ((waveX + waveY + longWaveY) * 2) / 3;
}

function offsetLongitude(x: number, y: number): number {
  const base = 300 + x + 2 * y + 0.1 * x * x + 0.1 * x * y + 0.1 * Math.sqrt(Math.abs(x));
  const waveX = 20 * Math.sin(6 * x * Math.PI) + 20 * Math.sin(2 * x * Math.PI);
  const waveX2 = 20 * Math.sin(x * Math.PI) + 40 * Math.sin((x / 3) * Math.PI);
  const longWaveX = 150 * Math.sin((x / 12) * Math.PI) + 300 * Math.sin((x / 30) * Math.PI);
  return base + ((waveX + waveX2 + longWaveX) * 2) / 3;
}

/** WGS-84 → GCJ-02 (Amap, Tencent Maps). */
export function wgs84ToGcj02(point: LatLng): LatLng {
  if (isOutsideChina(point)) return { ...point };
  const { latitude, longitude } = point;
  const x = longitude - 105;
  const y = latitude - 35;
  const radLat = (latitude / 180) * Math.PI;
  const sinLat = Math.sin(radLat);
  const magic = 1 - KRASOVSKY_EE * sinLat * sinLat;
  const sqrtMagic = Math.sqrt(magic);
  const dLat =
    (offsetLatitude(x, y) * 180) /
    (((KRASOVSKY_A * (1 - KRASOVSKY_EE)) / (magic * sqrtMagic)) * Math.PI);
  const dLng =
    (offsetLongitude(x, y) * 180) / ((KRASOVSKY_A / sqrtMagic) * Math.cos(radLat) * Math.PI);
  return { latitude: latitude + dLat, longitude: longitude + dLng };
}

/** GCJ-02 → BD-09 (Baidu Maps' own longitude/latitude, "bd09ll"). */
export function gcj02ToBd09({ latitude, longitude }: LatLng): LatLng {
  const z =
    Math.sqrt(longitude * longitude + latitude * latitude) + 0.00002 * Math.sin(latitude * X_PI);
  const theta = Math.atan2(latitude, longitude) + 0.000003 * Math.cos(longitude * X_PI);
  return { latitude: z * Math.sin(theta) + 0.006, longitude: z * Math.cos(theta) + 0.0065 };
}

/** WGS-84 → BD-09; outside China Baidu too draws WGS-84, so nothing is shifted there. */
export function wgs84ToBd09(point: LatLng): LatLng {
  if (isOutsideChina(point)) return { ...point };
  return gcj02ToBd09(wgs84ToGcj02(point));
}
