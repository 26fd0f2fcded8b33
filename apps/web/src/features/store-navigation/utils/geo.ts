/** A point as phones report it (WGS-84, degrees). */
export interface LatLng {
  latitude: number;
  longitude: number;
}

/** Mean Earth radius (IUGG), good to about 0.5 % for the short distances of a walk to the store. */
const EARTH_RADIUS_M = 6_371_008.8;

const toRadians = (deg: number) => (deg * Math.PI) / 180;
const toDegrees = (rad: number) => (rad * 180) / Math.PI;

/** Any angle in degrees as 0 ≤ a < 360. */
export function normalizeDegrees(deg: number): number {
  const a = deg % 360;
  return a < 0 ? a + 360 : a === 0 ? 0 : a;
}

/** Any angle in degrees as -180 < a ≤ 180: how far, and which way, to turn. */
export function signedDegrees(deg: number): number {
  const a = normalizeDegrees(deg);
  return a > 180 ? a - 360 : a;
}

/** Great-circle distance in metres (haversine; stable for points metres apart). */
export function distanceMeters(from: LatLng, to: LatLng): number {
  const dLat = toRadians(to.latitude - from.latitude);
  const dLng = toRadians(to.longitude - from.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(from.latitude)) * Math.cos(toRadians(to.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Initial great-circle bearing from `from` to `to`, clockwise from true north, 0 ≤ b < 360. */
export function initialBearing(from: LatLng, to: LatLng): number {
  const lat1 = toRadians(from.latitude);
  const lat2 = toRadians(to.latitude);
  const dLng = toRadians(to.longitude - from.longitude);
  const y = Math.sin(dLng) * Math.cos(lat2);
  const x = Math.cos(lat1) * Math.sin(lat2) - Math.sin(lat1) * Math.cos(lat2) * Math.cos(dLng);
  return normalizeDegrees(toDegrees(Math.atan2(y, x)));
}

/** The point `distance` metres from `from` along `bearing` (used to place test positions). */
export function destinationPoint(from: LatLng, bearing: number, distance: number): LatLng {
  const angular = distance / EARTH_RADIUS_M;
  const theta = toRadians(bearing);
  const lat1 = toRadians(from.latitude);
  const lng1 = toRadians(from.longitude);
  const lat2 = Math.asin(
    Math.sin(lat1) * Math.cos(angular) + Math.cos(lat1) * Math.sin(angular) * Math.cos(theta),
  );
  const lng2 =
    lng1 +
    Math.atan2(
      Math.sin(theta) * Math.sin(angular) * Math.cos(lat1),
      Math.cos(angular) - Math.sin(lat1) * Math.sin(lat2),
    );
  return { latitude: toDegrees(lat2), longitude: signedDegrees(toDegrees(lng2)) };
}

/**
 * One step of an exponential filter on a circle: moves `previous` a `factor` of the short way
 * towards `next`, so a compass that jitters by a few degrees, or crosses north, turns smoothly.
 */
export function smoothHeading(previous: number | null, next: number, factor = 0.25): number {
  if (previous === null) return normalizeDegrees(next);
  return normalizeDegrees(previous + signedDegrees(next - previous) * factor);
}

/**
 * The rotation to give a CSS transform so that it reaches `target` by the short way from
 * `previous` (unwrapped, may leave 0-360): 350° → 10° turns 20°, not back through 340°.
 */
export function continuousRotation(previous: number | null, target: number): number {
  if (previous === null) return normalizeDegrees(target);
  return previous + signedDegrees(target - previous);
}
