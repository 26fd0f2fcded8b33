/**
 * Keyboard-wedge scanners (USB or Bluetooth guns) "type" a code very fast and usually end it
 * with Enter. People type far slower. This tells the two apart, key by key.
 */
export class WedgeBuffer {
  private chars = '';
  private lastAt = 0;
  private slowest = 0;
  /** Gaps of this burst at a machine's pace (a scan the page took late still has most). */
  private fastGaps = 0;

  constructor(
    /** Longest gap between two keys of one scan. */
    private readonly maxGapMs = 50,
    /** Shortest code worth a lookup. */
    private readonly minLength = 4,
  ) {}

  /**
   * A printable key. The gap after a scan's first key may be twice the others: the first key of
   * a burst is the one a busy page handles late (it wakes the page), and a lost first character
   * is a wrong code. A stray key a person pressed just before still falls away, as people are
   * slower than that. Returns what a pause cut off when that was a scanner's burst (a scan the
   * busy page stalled in, or one of a gun that sends no Enter, followed too soon by the next):
   * it cannot be read, and the clerk must hear so.
   */
  key(char: string, at: number): string | null {
    const gap = at - this.lastAt;
    const allowed = this.chars.length === 1 ? this.maxGapMs * 2 : this.maxGapMs;
    let cut: string | null = null;
    if (this.chars && gap > allowed) {
      if (this.chars.length >= this.minLength && this.fastGaps > 0) cut = this.chars;
      this.reset();
    } else if (this.chars.length > 1) this.slowest = Math.max(this.slowest, gap);
    if (this.chars && gap <= this.maxGapMs) this.fastGaps += 1;
    this.chars += char;
    this.lastAt = at;
    return cut;
  }

  /** Enter (or the idle time-out): the code if what came looked like a scanner, else null. */
  flush(at: number): string | null {
    return this.take(at).code;
  }

  /**
   * Enter: the code, or, where a scanner sent something it could not be read from (mostly at a
   * machine's pace, but with a stall inside or before Enter: a burst of scans on a busy page),
   * what arrived, so the clerk hears that one scan must be made again. A person's typing is
   * neither.
   */
  take(at: number): { code: string | null; unreadable: string | null } {
    const text = this.chars;
    const fresh = at - this.lastAt <= this.maxGapMs * 4;
    const machineFast = this.slowest <= this.maxGapMs;
    const mostlyMachine = this.fastGaps * 2 >= text.length - 1;
    this.reset();
    if (text.length < this.minLength) return { code: null, unreadable: null };
    if (fresh && machineFast) return { code: text, unreadable: null };
    return { code: null, unreadable: mostlyMachine ? text : null };
  }

  get pending(): boolean {
    return this.chars.length > 0;
  }

  private reset() {
    this.chars = '';
    this.slowest = 0;
    this.fastGaps = 0;
  }
}

/** Keys typed into a field belong to that field, not to the page-wide listener. */
export function isEditableTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT';
}
