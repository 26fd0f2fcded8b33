import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import {
  BASIC_VIDEO,
  DIGITAL_ZOOM_MAX,
  PREFERRED_VIDEO,
  ScannerTiming,
} from '../utils/scanner-constants';
import {
  cameraErrorOf,
  cameraSupportProblem,
  retriesWithBasicSettings,
  StreamTimeoutError,
  type CameraError,
} from '../utils/camera-errors';
import { clampZoom, type ZoomRange } from '../utils/zoom';

/** Zoom and torch are newer than the DOM typings. */
interface CameraCapabilities extends MediaTrackCapabilities {
  zoom?: { min: number; max: number; step?: number };
  torch?: boolean;
}
type CameraConstraintSet = MediaTrackConstraintSet & { zoom?: number; torch?: boolean };

export type CameraStatus = 'idle' | 'starting' | 'ready' | 'error';

export interface CameraState {
  status: CameraStatus;
  error: CameraError | null;
  /** 'native' when the camera zooms itself, 'digital' when the picture is cropped instead. */
  zoomKind: 'native' | 'digital';
  zoomRange: ZoomRange;
  zoom: number;
  torchSupported: boolean;
  torchOn: boolean;
}

const INITIAL: CameraState = {
  status: 'idle',
  error: null,
  zoomKind: 'digital',
  zoomRange: { min: 1, max: DIGITAL_ZOOM_MAX },
  zoom: 1,
  torchSupported: false,
  torchOn: false,
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function waitForVideo(video: HTMLVideoElement, timeoutMs: number): Promise<void> {
  if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      clearTimeout(timer);
      video.removeEventListener('loadeddata', onLoaded);
      if (error) reject(error);
      else resolve();
    };
    const onLoaded = () => done();
    const timer = setTimeout(() => done(new StreamTimeoutError('video did not start')), timeoutMs);
    video.addEventListener('loadeddata', onLoaded);
  });
}

async function openCamera(): Promise<MediaStream> {
  const request = (video: MediaTrackConstraints) =>
    navigator.mediaDevices.getUserMedia({ video, audio: false });
  try {
    return await request(PREFERRED_VIDEO);
  } catch (error) {
    // One retry with the most basic request (spec §4/§8: not readable, over-constrained).
    if (!retriesWithBasicSettings(cameraErrorOf(error))) throw error;
    return request(BASIC_VIDEO);
  }
}

/**
 * The live camera for the scanner: rear camera, start-up wait, one basic retry, and the zoom and
 * torch the device offers. Without native zoom the zoom is digital (the frame is cropped).
 */
export function useCamera(videoRef: RefObject<HTMLVideoElement | null>, active: boolean) {
  const [state, setState] = useState<CameraState>(INITIAL);
  const streamRef = useRef<MediaStream | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!active) return;
    let cancelled = false;
    const stop = () => {
      streamRef.current?.getTracks().forEach((track) => track.stop());
      streamRef.current = null;
      if (videoRef.current) videoRef.current.srcObject = null;
    };

    const start = async () => {
      setState({ ...INITIAL, status: 'starting' });
      const problem = cameraSupportProblem();
      if (problem) {
        setState({ ...INITIAL, status: 'error', error: problem });
        return;
      }
      try {
        const stream = await openCamera();
        if (cancelled) {
          stream.getTracks().forEach((track) => track.stop());
          return;
        }
        streamRef.current = stream;
        const video = videoRef.current;
        if (!video) throw new StreamTimeoutError('no video element');
        video.srcObject = stream;
        video.muted = true;
        video.playsInline = true;
        await waitForVideo(video, ScannerTiming.videoLoadTimeoutMs);
        await video.play().catch(() => undefined);
        await sleep(ScannerTiming.videoSettleMs);
        if (cancelled) return;
        const track = stream.getVideoTracks()[0];
        const caps = (track?.getCapabilities?.() ?? {}) as CameraCapabilities;
        const native = caps.zoom && caps.zoom.max > caps.zoom.min;
        setState({
          ...INITIAL,
          status: 'ready',
          zoomKind: native ? 'native' : 'digital',
          zoomRange: native
            ? { min: Math.max(1, caps.zoom!.min), max: caps.zoom!.max }
            : { min: 1, max: DIGITAL_ZOOM_MAX },
          torchSupported: caps.torch === true,
        });
      } catch (error) {
        stop();
        if (!cancelled) setState({ ...INITIAL, status: 'error', error: cameraErrorOf(error) });
      }
    };
    void start();
    return () => {
      cancelled = true;
      stop();
      setState(INITIAL);
    };
  }, [active, attempt, videoRef]);

  const applyToTrack = useCallback(async (constraints: CameraConstraintSet) => {
    const track = streamRef.current?.getVideoTracks()[0];
    if (!track) return false;
    try {
      await track.applyConstraints({ advanced: [constraints] });
      return true;
    } catch {
      return false;
    }
  }, []);

  const setZoom = useCallback(
    (value: number) => {
      setState((current) => {
        const zoom = clampZoom(value, current.zoomRange);
        if (current.zoomKind === 'native') void applyToTrack({ zoom });
        return { ...current, zoom };
      });
    },
    [applyToTrack],
  );

  const toggleTorch = useCallback(async () => {
    const next = !state.torchOn;
    if (!state.torchSupported) return false;
    const ok = await applyToTrack({ torch: next });
    if (ok) setState((current) => ({ ...current, torchOn: next }));
    return ok;
  }, [applyToTrack, state.torchOn, state.torchSupported]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  return { ...state, setZoom, toggleTorch, retry };
}
