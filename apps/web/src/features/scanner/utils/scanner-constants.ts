/** Scanner constants of spec §9, in one place. */
export const ScannerTiming = {
  /** Wait for the video to load after the camera starts, then a little more for focus. */
  videoLoadTimeoutMs: 6000,
  videoSettleMs: 500,
  /** Time between decode attempts; shorter while a code is being tracked. */
  scanIntervalMs: 500,
  trackingIntervalMs: 40,
  /** A reading must hold this long before it counts (a second frame may correct it). */
  resultDebounceMs: 50,
  /** After a result, further readings are ignored for this long. */
  scanLockMs: 200,
  /** The dialog closes by itself this long after a result (caller may change it). */
  autoCloseDelayMs: 1500,
  /** WeChat JS-SDK: wait for the bridge 50 × 100 ms; the whole set-up ends after 10 s. */
  weChatPollIntervalMs: 100,
  weChatPollAttempts: 50,
  weChatInitTimeoutMs: 10_000,
} as const;

/** Rear camera, ideally 1920×1080 at 16:9. */
export const PREFERRED_VIDEO: MediaTrackConstraints = {
  facingMode: { ideal: 'environment' },
  width: { ideal: 1920 },
  height: { ideal: 1080 },
  aspectRatio: { ideal: 16 / 9 },
};

/** The retry after a not-readable or over-constrained camera: any camera, default settings. */
export const BASIC_VIDEO: MediaTrackConstraints = { facingMode: 'environment' };

export const ZOOM_STEP = 0.5;
/** Double-tap cycles through these. */
export const ZOOM_LEVELS = [1, 2, 4, 6, 8] as const;
/** Digital zoom (cropping the frame) goes up to this when the camera cannot zoom itself. */
export const DIGITAL_ZOOM_MAX = 8;

/** Far-distance auto zoom: with nothing found after `afterMs`, zoom to `zoom` (at most 3 times). */
export const AUTO_ZOOM_STEPS = [
  { afterMs: 500, zoom: 2 },
  { afterMs: 1500, zoom: 4 },
  { afterMs: 3000, zoom: 6 },
  { afterMs: 4500, zoom: 8 },
] as const;
export const AUTO_ZOOM_MAX_ADJUSTMENTS = 3;

/** What the caller asks the dialog to read. */
export const ScanType = {
  all: 'all',
  qrCode: 'qrCode',
  barCode: 'barCode',
} as const;
export type ScanType = (typeof ScanType)[keyof typeof ScanType];
