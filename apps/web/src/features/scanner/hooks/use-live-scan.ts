import { useEffect, useEffectEvent, useState, type RefObject } from 'react';
import { ReadingConfirmer } from '../utils/reading-confirmer';
import { ScannerTiming } from '../utils/scanner-constants';
import type { Decoder, DecodedCode } from '../decoder/decoder-client';

/** Longest side of a frame sent to the decoder (enough for a label across the counter). */
const MAX_FRAME_SIDE = 1920;

/** The current video frame as pixels, centre-cropped by the digital zoom factor. */
function grabFrame(
  video: HTMLVideoElement,
  canvas: HTMLCanvasElement,
  digitalZoom: number,
): ImageData | null {
  const { videoWidth: vw, videoHeight: vh } = video;
  if (!vw || !vh) return null;
  const cropW = vw / digitalZoom;
  const cropH = vh / digitalZoom;
  const scale = Math.min(1, MAX_FRAME_SIDE / Math.max(cropW, cropH));
  const w = Math.round(cropW * scale);
  const h = Math.round(cropH * scale);
  canvas.width = w;
  canvas.height = h;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(video, (vw - cropW) / 2, (vh - cropH) / 2, cropW, cropH, 0, 0, w, h);
  return context.getImageData(0, 0, w, h);
}

/**
 * Reads codes from the running camera: one frame every 500 ms, every 40 ms while a reading is
 * being confirmed; one decode at a time in the worker so the preview never stutters.
 */
export function useLiveScan({
  videoRef,
  decoder,
  running,
  digitalZoom,
  onReading,
  onConfirmed,
}: {
  videoRef: RefObject<HTMLVideoElement | null>;
  decoder: Decoder | null;
  running: boolean;
  digitalZoom: number;
  /** Every frame: whether anything was read (drives auto zoom). */
  onReading?: (found: boolean) => void;
  onConfirmed: (code: DecodedCode) => void;
}) {
  const [tracking, setTracking] = useState(false);
  const currentZoom = useEffectEvent(() => digitalZoom);
  const reading = useEffectEvent((found: boolean) => onReading?.(found));
  const confirmed = useEffectEvent((code: DecodedCode) => onConfirmed(code));

  useEffect(() => {
    if (!running || !decoder) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const canvas = document.createElement('canvas');
    const confirmer = new ReadingConfirmer();

    const tick = async () => {
      const video = videoRef.current;
      let fast = false;
      try {
        const frame = video ? grabFrame(video, canvas, currentZoom()) : null;
        const code = frame ? await decoder.decode(frame, 'live') : null;
        if (stopped) return;
        reading(code !== null);
        const verdict = confirmer.offer(code, performance.now());
        fast = verdict.kind === 'tracking';
        setTracking(fast);
        if (verdict.kind === 'confirmed') {
          confirmed({ text: verdict.text, format: verdict.format ?? '' });
        }
      } catch {
        // A frame that fails to decode (worker busy, time-out) is simply skipped.
      }
      if (!stopped) {
        timer = setTimeout(
          () => void tick(),
          fast ? ScannerTiming.trackingIntervalMs : ScannerTiming.scanIntervalMs,
        );
      }
    };
    timer = setTimeout(() => void tick(), 0);
    return () => {
      stopped = true;
      clearTimeout(timer);
      setTracking(false);
    };
  }, [running, decoder, videoRef]);

  return { tracking };
}
