import { useEffect, useState } from 'react';

export type CameraStatus = 'off' | 'starting' | 'on' | 'denied' | 'unavailable';

/** Refusals the user (or the browser's policy) made: asking again at once will not help. */
const REFUSED = new Set(['NotAllowedError', 'SecurityError', 'PermissionDeniedError']);
/** Worth one more try with no constraints at all (a desk webcam has no "environment" camera). */
const RETRY_PLAIN = new Set([
  'OverconstrainedError',
  'NotReadableError',
  'ConstraintNotSatisfiedError',
]);

const errorName = (error: unknown) =>
  typeof error === 'object' && error && 'name' in error ? String(error.name) : '';

function stopStream(stream: MediaStream | null) {
  stream?.getTracks().forEach((track) => track.stop());
}

async function openRearCamera(): Promise<MediaStream> {
  const media = navigator.mediaDevices;
  try {
    return await media.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
  } catch (error) {
    if (!RETRY_PLAIN.has(errorName(error))) throw error;
    return media.getUserMedia({ video: true, audio: false });
  }
}

/**
 * The rear camera while `wanted` and mounted; every track is stopped when it is no longer wanted
 * or on unmount (also a stream that arrives after the view closed).
 */
export function useRearCamera(wanted: boolean): {
  status: CameraStatus;
  stream: MediaStream | null;
} {
  const supported =
    typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
  const [state, setState] = useState<{ status: CameraStatus; stream: MediaStream | null }>({
    status: 'starting',
    stream: null,
  });

  useEffect(() => {
    if (!wanted || !supported) return;
    let cancelled = false;
    let stream: MediaStream | null = null;
    openRearCamera().then(
      (opened) => {
        if (cancelled) {
          stopStream(opened);
          return;
        }
        stream = opened;
        // Another app taking the camera, or a revoked permission, ends the track.
        opened
          .getVideoTracks()
          .forEach((track) =>
            track.addEventListener('ended', () =>
              setState({ status: 'unavailable', stream: null }),
            ),
          );
        setState({ status: 'on', stream: opened });
      },
      (error: unknown) => {
        if (cancelled) return;
        setState({
          status: REFUSED.has(errorName(error)) ? 'denied' : 'unavailable',
          stream: null,
        });
      },
    );
    return () => {
      cancelled = true;
      stopStream(stream);
      setState({ status: 'starting', stream: null });
    };
  }, [wanted, supported]);

  if (!wanted) return { status: 'off', stream: null };
  if (!supported) return { status: 'unavailable', stream: null };
  return state;
}
