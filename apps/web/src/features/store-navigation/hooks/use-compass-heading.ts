import { useCallback, useEffect, useState } from 'react';
import { smoothHeading } from '../utils/geo';
import {
  headingFromOrientation,
  orientationPermissionApi,
  screenAngle,
} from '../utils/orientation';

export type CompassStatus = 'waiting' | 'needsPermission' | 'ok' | 'denied' | 'unavailable';

/** Share of each new reading in the heading: calms a jittery magnetometer, still follows a turn. */
const SMOOTHING = 0.25;
/** A phone with a compass answers within a few frames; after this, offer the permission tap. */
const ASK_AFTER_MS = 800;
/** A phone without a compass sends nothing usable; after this long the view says so. */
const NO_COMPASS_AFTER_MS = 3_000;

type Permission = 'notAsked' | 'granted' | 'denied';
type Phase = 'early' | 'grace' | 'silent';

/**
 * The phone's compass heading while mounted, smoothed, at most once per animation frame;
 * listeners are removed on unmount. iOS 13+ sends nothing until `requestPermission()` runs from
 * a tap. Recent Chromium has the same method but sends readings without it, so the page listens
 * at once and offers the tap only when nothing has arrived after a moment.
 */
export function useCompassHeading(): {
  status: CompassStatus;
  heading: number | null;
  requestPermission: () => Promise<void>;
} {
  const [permission, setPermission] = useState<Permission>('notAsked');
  const [heading, setHeading] = useState<number | null>(null);
  const [phase, setPhase] = useState<Phase>('early');
  const listening = permission !== 'denied';

  useEffect(() => {
    if (!listening) return;
    let smoothed: number | null = null;
    let frame = 0;
    const flush = () => {
      frame = 0;
      setHeading(smoothed);
    };
    const handleOrientation = (event: Event) => {
      const raw = headingFromOrientation(event as DeviceOrientationEvent, screenAngle());
      if (raw === null) return;
      smoothed = smoothHeading(smoothed, raw, SMOOTHING);
      // Sensors fire at 60 Hz or more; the arrow needs one update per frame at most.
      if (!frame) frame = window.requestAnimationFrame(flush);
    };
    window.addEventListener('deviceorientationabsolute', handleOrientation);
    window.addEventListener('deviceorientation', handleOrientation);
    return () => {
      window.removeEventListener('deviceorientationabsolute', handleOrientation);
      window.removeEventListener('deviceorientation', handleOrientation);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [listening]);

  // Restarted after a granted permission: the silence is measured from then.
  useEffect(() => {
    const grace = window.setTimeout(
      () => setPhase((p) => (p === 'early' ? 'grace' : p)),
      ASK_AFTER_MS,
    );
    const silent = window.setTimeout(() => setPhase('silent'), NO_COMPASS_AFTER_MS);
    return () => {
      window.clearTimeout(grace);
      window.clearTimeout(silent);
    };
  }, [permission]);

  // Called straight from the tap handler: iOS refuses the request outside a user gesture.
  const requestPermission = useCallback(async () => {
    const api = orientationPermissionApi();
    if (!api?.requestPermission) return;
    let answer: Permission = 'denied';
    try {
      answer = (await api.requestPermission()) === 'granted' ? 'granted' : 'denied';
    } catch {
      // Asked outside a tap, or refused by policy: the same for the customer.
    }
    setPhase('grace');
    setPermission(answer);
  }, []);

  let status: CompassStatus;
  if (heading !== null && listening) status = 'ok';
  else if (permission === 'denied') status = 'denied';
  else if (permission === 'notAsked' && phase !== 'early' && orientationPermissionApi())
    status = 'needsPermission';
  else if (phase === 'silent') status = 'unavailable';
  else status = 'waiting';
  return { status, heading: listening ? heading : null, requestPermission };
}
