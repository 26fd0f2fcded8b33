/**
 * Keyboard-wedge scanners (USB or Bluetooth guns) "type" a code very fast and usually end it
 * with Enter. People type far slower. This tells the two apart, key by key.
 */
export class WedgeBuffer {
  private chars = '';
  private lastAt = 0;
  private slowest = 0;

  constructor(
    /** Longest gap between two keys of one scan. */
    private readonly maxGapMs = 50,
    /** Shortest code worth a lookup. */
    private readonly minLength = 4,
  ) {}

  /** A printable key; returns nothing (codes end on Enter or on `flush`). */
  key(char: string, at: number): void {
    const gap = at - this.lastAt;
    if (this.chars && gap > this.maxGapMs) this.reset();
    if (this.chars) this.slowest = Math.max(this.slowest, gap);
    this.chars += char;
    this.lastAt = at;
  }

  /** Enter (or the idle time-out): the code if what came looked like a scanner, else null. */
  flush(at: number): string | null {
    const text = this.chars;
    const fresh = at - this.lastAt <= this.maxGapMs * 4;
    const machineFast = this.slowest <= this.maxGapMs;
    this.reset();
    return text.length >= this.minLength && fresh && machineFast ? text : null;
  }

  get pending(): boolean {
    return this.chars.length > 0;
  }

  private reset() {
    this.chars = '';
    this.slowest = 0;
  }
}

/** Keys typed into a field belong to that field, not to the page-wide listener. */
export function isEditableTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT';
}
