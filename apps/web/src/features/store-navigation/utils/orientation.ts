import { normalizeDegrees } from './geo';

/** Safari's extra field: degrees clockwise from magnetic north, already a compass heading. */
interface CompassOrientationEvent extends DeviceOrientationEvent {
  webkitCompassHeading?: number;
}

/** iOS 13+ only lets a page read orientation after `requestPermission()` from a tap. */
interface OrientationPermission {
  requestPermission?: () => Promise<'granted' | 'denied' | 'default'>;
}

export function orientationPermissionApi(): OrientationPermission | null {
  if (typeof DeviceOrientationEvent === 'undefined') return null;
  const api = DeviceOrientationEvent as unknown as OrientationPermission;
  return typeof api.requestPermission === 'function' ? api : null;
}

/** How far the screen is turned from the phone's natural (portrait) orientation. */
export function screenAngle(): number {
  const angle = typeof screen !== 'undefined' ? screen.orientation?.angle : undefined;
  return typeof angle === 'number' ? angle : 0;
}

/**
 * The compass heading (0 = north, clockwise) the top of the screen points to, or null when the
 * event cannot tell: a relative `deviceorientation` (alpha from wherever the page started) is no
 * compass. Android Chrome gives `deviceorientationabsolute`, whose alpha turns anticlockwise from
 * north; iOS Safari gives `webkitCompassHeading` on `deviceorientation`. On iOS the heading is
 * taken as is: it already follows the way the phone is held in practice, upright in portrait.
 */
export function headingFromOrientation(
  event: DeviceOrientationEvent,
  angleOfScreen = 0,
): number | null {
  const ios = (event as CompassOrientationEvent).webkitCompassHeading;
  // Safari reports -1 while the compass is uncalibrated.
  if (typeof ios === 'number' && Number.isFinite(ios) && ios >= 0) return normalizeDegrees(ios);
  const absolute = event.type === 'deviceorientationabsolute' || event.absolute;
  if (!absolute || event.alpha === null || !Number.isFinite(event.alpha)) return null;
  return normalizeDegrees(360 - event.alpha + angleOfScreen);
}
