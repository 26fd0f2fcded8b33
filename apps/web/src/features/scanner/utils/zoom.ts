import {
  AUTO_ZOOM_MAX_ADJUSTMENTS,
  AUTO_ZOOM_STEPS,
  ZOOM_LEVELS,
  ZOOM_STEP,
} from './scanner-constants';

export interface ZoomRange {
  min: number;
  max: number;
}

/** Zoom kept inside the range and on the 0.5 grid (the slider and ± buttons). */
export function clampZoom(value: number, range: ZoomRange): number {
  const stepped = Math.round(value / ZOOM_STEP) * ZOOM_STEP;
  return Math.min(range.max, Math.max(range.min, stepped));
}

/** Double-tap: the next of 1x, 2x, 4x, 6x, 8x above the current zoom, back to 1x after the top. */
export function nextDoubleTapZoom(current: number, range: ZoomRange): number {
  const levels = ZOOM_LEVELS.filter((z) => z >= range.min && z <= range.max);
  const next = levels.find((z) => z > current + 0.01);
  return next ?? levels[0] ?? range.min;
}

/**
 * Far-distance auto zoom: the zoom to use after `elapsedMs` without a reading, given how many
 * automatic adjustments were already made. Null when nothing should change.
 */
export function autoZoomFor(
  elapsedMs: number,
  adjustmentsMade: number,
  current: number,
  range: ZoomRange,
): number | null {
  if (adjustmentsMade >= AUTO_ZOOM_MAX_ADJUSTMENTS) return null;
  const due = AUTO_ZOOM_STEPS.filter((s) => elapsedMs >= s.afterMs).at(-1);
  if (!due) return null;
  const target = Math.min(range.max, due.zoom);
  return target > current + 0.01 ? target : null;
}
