import type { BarcodeFormat } from './formats';
import type { GrayImage } from './preprocess';
import {
  CODES,
  type Digits,
  type DigitSet,
  FLANKS,
  type Piece,
  type PlaceScores,
  QUIET,
  type Symbology,
  SYMBOLOGIES,
} from './ean-symbologies';

/**
 * EAN-13, UPC-A, EAN-8 and UPC-E read from the grey levels along scan lines, for labels too
 * blurred for bars and spaces to be told apart by their edges (zxing's way): a label of under two
 * pixels a bar, out of focus, where thin spaces no longer come up to white and thin bars fade.
 *
 * Instead of edges, each stretch of a line is compared with what bars would look like through
 * the same blur (a matched filter). The guards, which every member has in known places, give
 * where the symbol starts, how wide a module is, how blurred it is, how far its bars spread or
 * thinned in print, and its ink and paper levels. Each digit is then the pattern whose blurred
 * picture matches best at those levels, and the digits are chosen together so that their
 * parities and the check digit agree (ean-symbologies.ts). The family has no other error
 * detection, so a line's read counts only if no digit was forced and every digit won its place
 * clearly, and a text must come out the same on several lines before it is believed.
 */

/** Samples taken per module. */
const SAMPLES = 4;
/** Blur tried, as a Gaussian's sigma in modules. */
const BLURS = [0.35, 0.6, 0.85, 1.1, 1.4];
/** Bars wider or narrower than printed, in modules (ink spread; a thin print or glare eats them). */
const SPREADS = [-0.5, -0.25, 0, 0.25];
/** Bars' spread tried first, to find the symbol. */
const COARSE_SPREADS = [0, -0.5];
/** Blur tried first, to find the symbol. */
const COARSE_BLURS = [0.6, 1.1];
/** Scan lines across the picture, each way (rows, then columns). */
const LINES = 25;
/** Modules of the shortest symbol (UPC-E): spans are found once for all. */
const SHORTEST = Math.min(...SYMBOLOGIES.map(({ symbology }) => symbology.modules));
/** Dark stretches the fewest a span may hold: blur runs thin bars together. */
const FEWEST_BARS = Math.min(...SYMBOLOGIES.map(({ symbology }) => symbology.fewestBars));
/** A bright stretch this long (px) may be a quiet zone beside the symbol. */
const MIN_QUIET = 4;
/** A module narrower than this (px) is not resolved by any camera. */
const MIN_MODULE = 1;
/** The guards of a symbol correlate with their blurred picture at least this well. */
const MIN_GUARD_CORRELATION = 0.75;
/** The guards at one blur, roughly placed, correlate at least this well before finer tries. */
const MIN_COARSE_CORRELATION = 0.6;
/** All the guards, at the width the two outer ones give, before that width is refined. */
const MIN_BETWEEN_CORRELATION = 0.4;
/** Modules of quiet zone looked at each side (UPC-E and EAN-13 ask for at least 7). */
const QUIET_CHECKED = 7;
/** Those (but the one beside the guard) differ from paper by at most this share of the contrast. */
const MAX_QUIET_DIFFERENCE = 0.5;
/** At most this many digits may be other than the best fit in their place. */
const MAX_FORCED = 0;
/**
 * Every digit fits its place better than any other digit of any set by at least this much: blur
 * makes some patterns look alike, and a near tie decided by the check digit is a guess.
 */
const MIN_MARGIN = 0.02;
/** A line's read counts when its digits match their patterns this well on average (`match`). */
const MIN_MEAN_MATCH = 0.85;
/** And no digit matches worse than this. */
const MIN_DIGIT_MATCH = 0.3;
/** A symbol's text is believed once this many lines read it, twice as many as read another there. */
const LINES_TO_ACCEPT = 3;

/** Steps a module is drawn in before it is blurred (bars may spread or thin by part of one). */
const FINE = 16;

/**
 * `modules` (1 a bar, 0 a space, 0.5 not known) as a camera sees them, SAMPLES a module: each bar
 * wider by `spread` modules (ink that spread; less than 0, bars printed thin), blurred by a
 * Gaussian of `sigma` modules.
 */
function blurred(modules: readonly number[], sigma: number, spread: number): Float64Array {
  const n = modules.length * FINE;
  const drawn = new Float64Array(n);
  const grow = Math.round((Math.abs(spread) / 2) * FINE);
  for (let i = 0; i < n; i++) {
    const own = modules[Math.floor(i / FINE)]!;
    drawn[i] = own;
    if (own === 0.5 || grow === 0) continue;
    // A space beside a bar within `grow` steps turns bar (spread), or a bar beside a space
    // turns space (thin): whichever the sign says.
    const other = spread > 0 ? 1 : 0;
    if (own === other) continue;
    for (let k = Math.max(0, i - grow); k <= Math.min(n - 1, i + grow); k++) {
      if (modules[Math.floor(k / FINE)] === other) {
        drawn[i] = other;
        break;
      }
    }
  }
  const out = new Float64Array(modules.length * SAMPLES);
  const reach = Math.ceil(3 * sigma * FINE);
  const weights = Array.from({ length: 2 * reach + 1 }, (_, k) =>
    Math.exp(-(((k - reach) / FINE) ** 2) / (2 * sigma * sigma)),
  );
  for (let i = 0; i < out.length; i++) {
    const centre = Math.floor(((i + 0.5) * FINE) / SAMPLES);
    let sum = 0;
    let weight = 0;
    for (let k = -reach; k <= reach; k++) {
      const at = centre + k;
      sum += (at < 0 || at >= n ? 0.5 : drawn[at]!) * weights[k + reach]!;
      weight += weights[k + reach]!;
    }
    out[i] = sum / weight;
  }
  return out;
}

const bits = (code: string) => [...code].map(Number);

/** The digit patterns at one blur and spread, each with a module of its flanks (FLANKS). */
interface Blur {
  sigma: number;
  spread: number;
  codes: Record<DigitSet, Float64Array[]>;
}

/** A symbology's guards at one blur and spread. */
interface Templates {
  blur: Blur;
  /** The whole pattern. */
  symbol: Float64Array;
  /** Its known modules' samples, in order. */
  guards: Float64Array;
  /** The same less their mean, and the sum of their squares. */
  centredGuards: Float64Array;
  guardSquares: number;
}

function blurOf(sigma: number, spread: number): Blur {
  const flanked = (set: DigitSet) =>
    CODES[set].map((code) => {
      const [before, after] = FLANKS[set];
      return blurred([0.5, before, ...bits(code), after, 0.5], sigma, spread).slice(
        SAMPLES,
        10 * SAMPLES,
      );
    });
  return { sigma, spread, codes: { L: flanked('L'), G: flanked('G'), R: flanked('R') } };
}

/** Modules of each symbology's pattern that are known (guards, quiet zones, digits' ends). */
const KNOWN = new Map(
  SYMBOLOGIES.map(({ symbology }) => [
    symbology,
    symbology.pattern.flatMap((m, i) => (m === 0.5 ? [] : [i])),
  ]),
);
const known = (symbology: Symbology) => KNOWN.get(symbology)!;

function templatesOf(symbology: Symbology, blur: Blur): Templates {
  const symbol = blurred(symbology.pattern, blur.sigma, blur.spread);
  const guards = new Float64Array(known(symbology).length * SAMPLES);
  known(symbology).forEach((module, i) => {
    guards.set(symbol.subarray(module * SAMPLES, (module + 1) * SAMPLES), i * SAMPLES);
  });
  const mean = guards.reduce((a, b) => a + b, 0) / guards.length;
  const centredGuards = guards.map((v) => v - mean);
  const guardSquares = centredGuards.reduce((a, v) => a + v * v, 0);
  return { blur, symbol, guards, centredGuards, guardSquares };
}

let cachedBlurs: Blur[] | null = null;
const cachedTemplates = new Map<Symbology, Templates[]>();
/** Every blur and spread of a symbology's guards, made once. */
function allTemplates(symbology: Symbology): Templates[] {
  let found = cachedTemplates.get(symbology);
  if (!found) {
    cachedBlurs ??= BLURS.flatMap((sigma) => SPREADS.map((spread) => blurOf(sigma, spread)));
    found = cachedBlurs.map((blur) => templatesOf(symbology, blur));
    cachedTemplates.set(symbology, found);
  }
  return found;
}

/** The straight line `a·model + b` nearest `seen` (least squares): the symbol's ink and paper. */
function levels(seen: ArrayLike<number>, model: ArrayLike<number>): { a: number; b: number } {
  const n = seen.length;
  let sm = 0;
  let ss = 0;
  let mm = 0;
  let ms = 0;
  for (let i = 0; i < n; i++) {
    sm += model[i]!;
    ss += seen[i]!;
    mm += model[i]! * model[i]!;
    ms += model[i]! * seen[i]!;
  }
  const a = (n * ms - sm * ss) / (n * mm - sm * sm || 1);
  return { a, b: (ss - a * sm) / n };
}

/**
 * How well `seen` matches `model` at the symbol's own ink and paper levels: 1 less the root mean
 * square difference as a share of the contrast. Unlike a correlation it tells a pattern from a
 * lighter or darker one of the same shape (R2 from R8 under blur).
 */
function match(seen: ArrayLike<number>, model: ArrayLike<number>, ink: { a: number; b: number }) {
  let sum = 0;
  for (let i = 0; i < seen.length; i++) {
    const d = seen[i]! - (ink.a * model[i]! + ink.b);
    sum += d * d;
  }
  return 1 - Math.sqrt(sum / seen.length) / Math.abs(ink.a);
}

/** The line's darkness (1 = black) at x, between pixels by straight lines. */
function at(line: Float64Array, x: number): number {
  if (x <= 0) return line[0]!;
  const last = line.length - 1;
  if (x >= last) return line[last]!;
  const i = Math.floor(x);
  const f = x - i;
  return line[i]! * (1 - f) + line[i + 1]! * f;
}

/** Samples of `line` for modules [from, to) of a symbol starting at x0 with modules w wide. */
function sample(
  line: Float64Array,
  x0: number,
  w: number,
  from: number,
  to: number,
  out: Float64Array,
) {
  for (let i = 0, n = (to - from) * SAMPLES; i < n; i++) {
    out[i] = at(line, x0 + (from + (i + 0.5) / SAMPLES) * w);
  }
  return out;
}

/** How well the guards fit a symbol at x0 (where its quiet zone's modules start), modules w wide. */
function guardFit(
  line: Float64Array,
  symbology: Symbology,
  x0: number,
  w: number,
  t: Templates,
  buffer: Float64Array,
) {
  let k = 0;
  for (const module of known(symbology)) {
    for (let s = 0; s < SAMPLES; s++) {
      buffer[k++] = at(line, x0 + (module + (s + 0.5) / SAMPLES) * w);
    }
  }
  return correlation(buffer, t.centredGuards, t.guardSquares);
}

/**
 * The correlation of `seen` with a template taken about its mean once (with `squares`, its sum of
 * squares): the samples' own mean drops out of the sum of products.
 */
function correlation(seen: Float64Array, template: Float64Array, squares: number): number {
  const n = seen.length;
  let sum = 0;
  let own = 0;
  let product = 0;
  for (let i = 0; i < n; i++) {
    const v = seen[i]!;
    sum += v;
    own += v * v;
    product += v * template[i]!;
  }
  const spread = own - (sum * sum) / n;
  return spread > 0 ? product / Math.sqrt(spread * squares) : 0;
}

/** Where a symbol may lie on a line (px), and how many dark stretches lie between. */
interface Span {
  start: number;
  end: number;
  bars: number;
}

/**
 * Where a symbol may lie on the line: a dark stretch between two bright ones longer than any
 * bright stretch inside it (a quiet zone is wider than the widest space, four modules).
 */
function spans(line: Float64Array): Span[] {
  const n = line.length;
  const window = Math.max(16, Math.round(n / 8));
  const prefix = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) prefix[i + 1] = prefix[i]! + line[i]!;
  const dark = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const a = Math.max(0, i - window);
    const b = Math.min(n, i + window + 1);
    dark[i] = line[i]! > (prefix[b]! - prefix[a]!) / (b - a) ? 1 : 0;
  }
  // Runs as [start, length, dark].
  const runs: [number, number, number][] = [];
  for (let i = 0; i < n;) {
    let j = i;
    while (j < n && dark[j] === dark[i]) j++;
    runs.push([i, j - i, dark[i]!]);
    i = j;
  }
  const found: Span[] = [];
  for (let a = 1; a < runs.length; a++) {
    const quietBefore = runs[a - 1]!;
    if (!runs[a]![2] || quietBefore[1] < MIN_QUIET) continue;
    let widestSpace = 0;
    let bars = 0;
    for (let b = a; b < runs.length - 1; b++) {
      const run = runs[b]!;
      if (!run[2]) {
        widestSpace = Math.max(widestSpace, run[1]);
        if (widestSpace >= quietBefore[1]) break;
        continue;
      }
      bars++;
      const quietAfter = runs[b + 1]!;
      const start = runs[a]![0];
      const end = run[0] + run[1];
      if (
        bars >= FEWEST_BARS &&
        quietAfter[1] >= MIN_QUIET &&
        quietAfter[1] > widestSpace &&
        end - start >= SHORTEST * MIN_MODULE
      ) {
        found.push({ start, end, bars });
      }
    }
  }
  return found;
}

interface Fit {
  x0: number;
  w: number;
  t: Templates;
  score: number;
}

/**
 * Where a piece of a symbology's pattern (at `t`'s blur) fits best on the line, within `reach`
 * modules of `x` (where the piece would start), `step` modules apart; then, from a step over a
 * twentieth of a module, a twentieth apart round the best.
 */
function fitPiece(
  line: Float64Array,
  t: Templates,
  [first, count]: Piece,
  x: number,
  w: number,
  reach: number,
  step = 0.05,
): { x: number; score: number } {
  const template = centred(t, first, count);
  const seen = new Float64Array(count * SAMPLES);
  let best = { x, score: -2 };
  const tryAt = (start: number) => {
    const score = correlation(
      sample(line, start, w, 0, count, seen),
      template.values,
      template.squares,
    );
    if (score > best.score) best = { x: start, score };
  };
  const steps = Math.max(1, Math.round(reach / step));
  for (let j = -steps; j <= steps; j++) tryAt(x + j * step * w);
  const centre = best.x;
  for (let j = 1; j * 0.05 < step; j++) {
    tryAt(centre - j * 0.05 * w);
    tryAt(centre + j * 0.05 * w);
  }
  return best;
}

const centredPieces = new WeakMap<
  Templates,
  Map<number, { values: Float64Array; squares: number }>
>();
/** A piece of `t`'s pattern less its mean, with its sum of squares, made once. */
function centred(t: Templates, first: number, count: number) {
  let pieces = centredPieces.get(t);
  if (!pieces) {
    pieces = new Map<number, { values: Float64Array; squares: number }>();
    centredPieces.set(t, pieces);
  }
  let piece = pieces.get(first);
  if (!piece) {
    const values = t.symbol.slice(first * SAMPLES, (first + count) * SAMPLES);
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    values.forEach((v, i) => (values[i] = v - mean));
    piece = { values, squares: values.reduce((a, v) => a + v * v, 0) };
    pieces.set(first, piece);
  }
  return piece;
}

/** The symbol's start, module width, blur and spread that fit the guards best, near a span's ends. */
function fitGuards(line: Float64Array, symbology: Symbology, span: Span): Fit | null {
  const buffer = new Float64Array(known(symbology).length * SAMPLES);
  const w0 = (span.end - span.start) / symbology.modules;
  const endFirst = symbology.end[0];
  // Coarse: each outer guard placed on its own, within eight modules of its end of the span
  // (blur moves it, and a faint thin bar may not have looked dark at all, so the span began at
  // the first thick one), at a few blurs and spreads; the width between them kept where all the
  // guards fit best.
  let placed: { start: number; end: number; w: number; t: Templates; score: number } | null = null;
  for (const t of allTemplates(symbology).filter(
    (t) => COARSE_BLURS.includes(t.blur.sigma) && COARSE_SPREADS.includes(t.blur.spread),
  )) {
    // Most spans are not a symbol at all (text, texture): its ends do not look like guards.
    const start = fitPiece(line, t, symbology.start, span.start - QUIET * w0, w0, 8, 0.2);
    if (start.score < MIN_COARSE_CORRELATION) continue;
    const endAt = span.end - (QUIET + symbology.modules - endFirst) * w0;
    const end = fitPiece(line, t, symbology.end, endAt, w0, 8, 0.2);
    if (end.score < MIN_COARSE_CORRELATION) continue;
    const w = (end.x - start.x) / endFirst;
    if (w <= 0) continue;
    const score = guardFit(line, symbology, start.x, w, t, buffer);

    if (!placed || score > placed.score) placed = { start: start.x, end: end.x, w, t, score };
  }
  // Nor do the guards between those two look like the symbology's, at that width.
  if (!placed || placed.score < MIN_BETWEEN_CORRELATION) return null;
  // Then the width from there, from either guard (one of them may have been placed a little off),
  // a percent apart and then a quarter of one round the best: a module at the far end is only
  // 1 % of the symbol.
  const { t } = placed;
  const tryWidths = (centre: number, steps: number, step: number, jitter: number) => {
    let found: Fit | null = null;
    for (let k = -steps; k <= steps; k++) {
      const w = centre * (1 + k * step);
      for (let j = -jitter; j <= jitter; j++) {
        for (const x0 of [placed.start + j * 0.1 * w, placed.end - endFirst * w + j * 0.1 * w]) {
          const score = guardFit(line, symbology, x0, w, t, buffer);
          if (!found || score > found.score) found = { x0, w, t, score };
        }
      }
    }
    return found!;
  };
  let best = tryWidths(tryWidths(placed.w, 3, 0.01, 1).w, 4, 0.0025, 2);
  if (best.score < MIN_COARSE_CORRELATION) return null;
  const coarse = best;
  // Then the blur, at a twelfth of a module and a third of a percent, with bars as printed.
  for (const t of allTemplates(symbology).filter((t) => t.blur.spread === 0)) {
    for (let j = -3; j <= 3; j++) {
      for (let k = -3; k <= 3; k++) {
        const w = coarse.w * (1 + k * 0.0033);
        const x0 = coarse.x0 + j * 0.08 * w;
        const score = guardFit(line, symbology, x0, w, t, buffer);
        if (score > best.score) best = { x0, w, t, score };
      }
    }
  }
  // Last how much the bars spread or thinned, at the blurs next to that one.
  const sharp = best;
  for (const t of allTemplates(symbology)) {
    if (t.blur.spread === 0 || Math.abs(t.blur.sigma - sharp.t.blur.sigma) > 0.3) continue;
    for (let j = -1; j <= 1; j++) {
      const x0 = sharp.x0 + j * 0.08 * sharp.w;
      const score = guardFit(line, symbology, x0, sharp.w, t, buffer);
      if (score > best.score) best = { x0, w: sharp.w, t, score };
    }
  }
  return best;
}

/** Where module m of the symbol lies on the line (modules from the start guard's first bar). */
type Place = (m: number) => number;

/**
 * The symbol's module positions from each guard fitted on its own: a label seen at a slant or
 * on a curve has wider modules at one end, which one width for all would carry into the far
 * digits. The middle guard is looked for within a module (its bars alternate: two modules off
 * fits too); the outer ones, which the quiet zone makes unique, within three.
 */
function placeGuards(line: Float64Array, symbology: Symbology, fit: Fit): Place {
  const pieces: [Piece, number][] = [[symbology.start, 3]];
  if (symbology.middle) pieces.push([symbology.middle, 0.6]);
  pieces.push([symbology.end, 3]);
  const anchors = pieces.map(([piece, steps]) => ({
    module: piece[0] - QUIET,
    x: fitPiece(line, fit.t, piece, fit.x0 + piece[0] * fit.w, fit.w, steps).x,
  }));
  return (m) => {
    const to = anchors.findIndex((anchor, i) => i > 0 && m < anchor.module);
    const [a, b] = [
      anchors[to > 0 ? to - 1 : anchors.length - 2]!,
      anchors[to > 0 ? to : anchors.length - 1]!,
    ];
    return a.x + ((m - a.module) * (b.x - a.x)) / (b.module - a.module);
  };
}

/** How well each digit 0–9 of each set fits each place, allowing a little drift. */
function digitScores(
  line: Float64Array,
  symbology: Symbology,
  place: Place,
  blur: Blur,
  ink: { a: number; b: number },
): PlaceScores[] {
  const window = new Float64Array(9 * SAMPLES);
  return symbology.places.map(({ at, sets }) => {
    const scores: PlaceScores = {};
    const x0 = place(at - 1);
    const w = (place(at + 8) - x0) / 9;
    for (const set of sets) {
      const fits = new Float64Array(10).fill(-1);
      for (let shift = -3; shift <= 3; shift++) {
        sample(line, x0 + shift * 0.1 * w, w, 0, 9, window);
        blur.codes[set].forEach((code, d) => {
          fits[d] = Math.max(fits[d]!, match(window, code, ink));
        });
      }
      scores[set] = fits;
    }
    return scores;
  });
}

/**
 * Whether the quiet zones each side are paper, as blurred as the guards beside them: a stretch
 * of a longer symbol looks like a shorter one but has bars there (the left half of an EAN-13,
 * with its middle guard, is a UPC-E to the guards).
 */
function quietZonesClear(
  line: Float64Array,
  symbology: Symbology,
  fit: Fit,
  ink: { a: number; b: number },
): boolean {
  const length = symbology.pattern.length;
  // Modules counted out from each guard, the first one left out (blur from the guard's bar).
  for (let out = 2; out <= QUIET_CHECKED; out++) {
    for (const module of [QUIET - out, length - QUIET - 1 + out]) {
      for (let s = 0; s < SAMPLES; s++) {
        const seen = at(line, fit.x0 + (module + (s + 0.5) / SAMPLES) * fit.w);
        const inPattern = module >= 0 && module < length;
        const model = inPattern ? fit.t.symbol[module * SAMPLES + s]! : 0;
        if (Math.abs(seen - (ink.a * model + ink.b)) > MAX_QUIET_DIFFERENCE * ink.a) return false;
      }
    }
  }
  return true;
}

/**
 * Whether a longer member's guards fit where this one's start or end is: the left half of an
 * EAN-13 with its middle guard is a UPC-E to the guards, parities and all one time in ten.
 */
function partOfLonger(line: Float64Array, symbology: Symbology, fit: Fit): boolean {
  for (const { symbology: longer } of SYMBOLOGIES) {
    if (longer.modules <= symbology.modules) continue;
    const t = allTemplates(longer).find((other) => other.blur === fit.t.blur)!;
    const buffer = new Float64Array(known(longer).length * SAMPLES);
    const shift = (symbology.pattern.length - longer.pattern.length) * fit.w;
    for (const x0 of [fit.x0, fit.x0 + shift]) {
      if (guardFit(line, longer, x0, fit.w, t, buffer) >= MIN_GUARD_CORRELATION) return true;
    }
  }
  return false;
}

/** Where on a line a symbol was read (px along it), and what it says. */
interface LineRead {
  text: string;
  from: number;
  to: number;
}

/** Every symbol of one symbology read on a line (either way round). */
function readAs(
  line: Float64Array,
  reversed: Float64Array,
  found: Span[],
  symbology: Symbology,
): LineRead[] {
  const reads: LineRead[] = [];
  for (const span of found) {
    if (reads.some((read) => span.start < read.to && span.end > read.from)) continue;
    if (span.bars < symbology.fewestBars) continue;
    const fit = fitGuards(line, symbology, span);
    if (!fit || fit.score < MIN_GUARD_CORRELATION) continue;
    const length = symbology.pattern.length;
    // The guards read the same both ways round but for UPC-E's: the digits tell which way the
    // symbol runs.
    const mirrored = { ...fit, x0: line.length - 1 - (fit.x0 + length * fit.w) };
    const guards = new Float64Array(known(symbology).length * SAMPLES);
    guardFit(line, symbology, fit.x0, fit.w, fit.t, guards);
    const ink = levels(guards, fit.t.guards);
    if (ink.a <= 0 || !quietZonesClear(line, symbology, fit, ink)) continue;
    if (partOfLonger(line, symbology, fit)) continue;
    let best: Digits | null = null;
    for (const [ways, f] of [
      [line, fit],
      [reversed, mirrored],
    ] as const) {
      const scores = digitScores(ways, symbology, placeGuards(ways, symbology, f), f.t.blur, ink);
      const digits = symbology.decide(scores);
      if (digits && (!best || digits.total > best.total)) best = digits;
    }
    const places = symbology.places.length;
    if (
      best &&
      best.total / places >= MIN_MEAN_MATCH &&
      best.least >= MIN_DIGIT_MATCH &&
      best.forced <= MAX_FORCED &&
      best.margin >= MIN_MARGIN
    ) {
      const from = fit.x0 + QUIET * fit.w;
      reads.push({ text: best.text, from, to: from + symbology.modules * fit.w });
    }
  }
  return reads;
}

/** Darkness along row (`across`) or column `index`, averaged over three pixels across. */
function lineOf(gray: GrayImage, across: boolean, index: number): Float64Array {
  const { data, width, height } = gray;
  const length = across ? width : height;
  const breadth = across ? height : width;
  const line = new Float64Array(length);
  for (let d = -1; d <= 1; d++) {
    const j = Math.min(breadth - 1, Math.max(0, index + d));
    for (let i = 0; i < length; i++) {
      line[i] = line[i]! + (255 - data[across ? j * width + i : i * width + j]!) / (3 * 255);
    }
  }
  return line;
}

/** A line's read placed in the picture: its middle, and the symbol's length. */
interface Seen {
  key: string;
  x: number;
  y: number;
  size: number;
  report: () => { text: string; format: BarcodeFormat };
}

/**
 * An EAN-13, UPC-A, EAN-8 or UPC-E read by its grey levels on enough scan lines (rows, then
 * columns, each both ways round), or null. Reads close together are one symbol, whose text is
 * believed when enough lines read it and twice as many as read anything else there; of several
 * symbols (a book's two codes), the one nearest the middle, where the phone was aimed.
 */
export function readEanByProfile(gray: GrayImage): { text: string; format: BarcodeFormat } | null {
  const seen: Seen[] = [];
  for (const across of [true, false]) {
    const breadth = across ? gray.height : gray.width;
    for (let k = 0; k < LINES; k++) {
      const index = Math.round(breadth * (0.1 + (0.8 * k) / (LINES - 1)));
      const line = lineOf(gray, across, index);
      const reversed = line.slice().reverse();
      const found = spans(line);
      const taken: LineRead[] = [];
      for (const { symbology, report } of SYMBOLOGIES) {
        for (const read of readAs(line, reversed, found, symbology)) {
          // A stretch read as one member is not read again as a shorter one.
          if (taken.some((t) => read.from < t.to && read.to > t.from)) continue;
          taken.push(read);
          const along = (read.from + read.to) / 2;
          seen.push({
            key: `${symbology.modules}:${read.text}`,
            x: across ? along : index,
            y: across ? index : along,
            size: read.to - read.from,
            report: () => report(read.text),
          });
        }
      }
    }
  }
  let chosen: { read: Seen; distance: number } | null = null;
  for (const read of seen) {
    const near = seen.filter(
      (other) =>
        Math.hypot(other.x - read.x, other.y - read.y) < Math.max(read.size, other.size) / 2,
    );
    const votes = near.filter((other) => other.key === read.key).length;
    const others = new Map<string, number>();
    for (const other of near) {
      if (other.key !== read.key) others.set(other.key, (others.get(other.key) ?? 0) + 1);
    }
    if (votes < LINES_TO_ACCEPT || votes < 2 * Math.max(0, ...others.values())) continue;
    const distance = Math.hypot(read.x - gray.width / 2, read.y - gray.height / 2);
    if (!chosen || distance < chosen.distance) chosen = { read, distance };
  }
  return chosen?.read.report() ?? null;
}
