import { ScannerTiming } from './scanner-constants';

export type ReadingVerdict =
  /** Nothing read and nothing waiting. */
  | { kind: 'idle' }
  /** A reading waits out the debounce; scan fast (tracking) meanwhile. */
  | { kind: 'tracking' }
  /** The reading holds: use it. */
  | { kind: 'confirmed'; text: string; format?: string }
  /** Just after a result: readings are ignored. */
  | { kind: 'locked' };

/**
 * Turns frame-by-frame readings into results (spec §9): a reading counts once it has held for
 * the debounce time without a different reading replacing it; after a result, readings are
 * ignored for the scan lock time.
 */
export class ReadingConfirmer {
  private pending: { text: string; format?: string; since: number } | null = null;
  private lockedUntil = 0;

  constructor(
    private readonly debounceMs: number = ScannerTiming.resultDebounceMs,
    private readonly lockMs: number = ScannerTiming.scanLockMs,
  ) {}

  /** One frame's outcome: the text read, or null when the frame held no code. */
  offer(reading: { text: string; format?: string } | null, now: number): ReadingVerdict {
    if (now < this.lockedUntil) return { kind: 'locked' };
    if (reading && reading.text !== this.pending?.text) {
      this.pending = { ...reading, since: now };
      return { kind: 'tracking' };
    }
    if (!this.pending) return { kind: 'idle' };
    if (now - this.pending.since < this.debounceMs) return { kind: 'tracking' };
    const { text, format } = this.pending;
    this.pending = null;
    this.lockedUntil = now + this.lockMs;
    return { kind: 'confirmed', text, format };
  }

  reset(): void {
    this.pending = null;
    this.lockedUntil = 0;
  }
}
