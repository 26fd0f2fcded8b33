import { useCallback, useEffect, useState } from 'react';
import type { LatLng } from '../utils/geo';

export type PositionStatus = 'locating' | 'ok' | 'denied' | 'unavailable' | 'unsupported';

export interface PhonePosition extends LatLng {
  /** Radius of the 95 % circle, metres. */
  accuracy: number;
}

// GeolocationPositionError.PERMISSION_DENIED; named here because test doubles lack the constants.
const PERMISSION_DENIED = 1;

// A walker's position: fresh enough to turn an arrow, patient enough for a weak signal.
const WATCH_OPTIONS: PositionOptions = {
  enableHighAccuracy: true,
  maximumAge: 5_000,
  timeout: 20_000,
};

interface WatchState {
  attempt: number;
  status: Exclude<PositionStatus, 'unsupported'>;
  position: PhonePosition | null;
}

/**
 * The phone's position while mounted (`watchPosition`, high accuracy); the watch is cleared on
 * unmount. A time-out keeps the watch (and the last position) and says "unavailable" only while
 * nothing has been found; `retry` starts a new watch, for after the user changed a setting.
 */
export function useWatchPosition(): {
  status: PositionStatus;
  position: PhonePosition | null;
  retry: () => void;
} {
  const supported = typeof navigator !== 'undefined' && 'geolocation' in navigator;
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<WatchState>({
    attempt: 0,
    status: 'locating',
    position: null,
  });

  useEffect(() => {
    if (!supported) return;
    const id = navigator.geolocation.watchPosition(
      ({ coords }) =>
        setState({
          attempt,
          status: 'ok',
          position: {
            latitude: coords.latitude,
            longitude: coords.longitude,
            accuracy: coords.accuracy,
          },
        }),
      (error) =>
        setState((prev) => ({
          attempt,
          position: error.code === PERMISSION_DENIED ? null : prev.position,
          status:
            error.code === PERMISSION_DENIED ? 'denied' : prev.position ? 'ok' : 'unavailable',
        })),
      WATCH_OPTIONS,
    );
    return () => navigator.geolocation.clearWatch(id);
  }, [supported, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  if (!supported) return { status: 'unsupported', position: null, retry };
  // A new attempt shows "locating" until its first answer, keeping any earlier position.
  const status = state.attempt === attempt ? state.status : state.position ? 'ok' : 'locating';
  return { status, position: state.position, retry };
}
