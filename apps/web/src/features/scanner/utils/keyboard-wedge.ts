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

  /**
   * A printable key; returns nothing (codes end on Enter or on `flush`). The gap after a scan's
   * first key may be twice the others: the first key of a burst is the one a busy page handles
   * late (it wakes the page), and a lost first character is a wrong code. A stray key a person
   * pressed just before still falls away, as people are slower than that.
   */
  key(char: string, at: number): void {
    const gap = at - this.lastAt;
    const allowed = this.chars.length === 1 ? this.maxGapMs * 2 : this.maxGapMs;
    if (this.chars && gap > allowed) this.reset();
    else if (this.chars.length > 1) this.slowest = Math.max(this.slowest, gap);
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
