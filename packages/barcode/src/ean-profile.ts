import { BarcodeFormat } from './formats';
import type { GrayImage } from './preprocess';

/**
 * EAN-13 and UPC-A read from the grey levels along scan lines, for labels too blurred for bars
 * and spaces to be told apart by their edges (zxing's way): a label of under two pixels a bar,
 * out of focus, where thin spaces no longer come up to white and thin bars fade.
 *
 * Instead of edges, each stretch of a line is compared with what bars would look like through
 * the same blur (a matched filter). The guards, which every EAN has in the same place, give where
 * the symbol starts, how wide a module is, how blurred it is and how far its bars spread or
 * thinned in print, and its ink and paper levels. Each digit is then the pattern whose blurred
 * picture matches best at those levels, and the thirteen digits are chosen together so that
 * their parities and the check digit agree. EAN-13 has no other error detection, so a line's
 * read counts only if no digit was forced and every digit won its place clearly, and a text must
 * come out the same on several lines before it is believed.
 */

/** Digit patterns, one character a module (1 = bar): the L set; R is its inverse, G R reversed. */
const L_CODES = [
  '0001101',
  '0011001',
  '0010011',
  '0111101',
  '0100011',
  '0110001',
  '0101111',
  '0111011',
  '0110111',
  '0001011',
];
const R_CODES = L_CODES.map((code) => [...code].map((m) => (m === '1' ? '0' : '1')).join(''));
const G_CODES = R_CODES.map((code) => [...code].reverse().join(''));
/** The first digit, told by which of the left six digits are G (the rest L). */
const PARITIES = [
  'LLLLLL',
  'LLGLGG',
  'LLGGLG',
  'LLGGGL',
  'LGLLGG',
  'LGGLLG',
  'LGGGLL',
  'LGLGLG',
  'LGLGGL',
  'LGGLGL',
];

/** Modules of the symbol: guard 3, six digits of 7, middle guard 5, six digits, guard 3. */
const MODULES = 95;
/** Module where each of the twelve encoded digits starts. */
const DIGIT_AT = Array.from({ length: 12 }, (_, i) => (i < 6 ? 3 + 7 * i : 50 + 7 * (i - 6)));
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
/** A bright stretch this long (px) may be a quiet zone beside the symbol. */
const MIN_QUIET = 4;
/** A module narrower than this (px) is not resolved by any camera. */
const MIN_MODULE = 1;
/** The guards of a symbol correlate with their blurred picture at least this well. */
const MIN_GUARD_CORRELATION = 0.75;
/** The guards at one blur, roughly placed, correlate at least this well before finer tries. */
const MIN_COARSE_CORRELATION = 0.6;
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
/** A text is believed once this many lines read it, twice as many as read anything else. */
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

/**
 * What is known of every EAN-13 without its digits, with five modules of quiet zone each side:
 * the guards, and the module each side of them (L and G digits begin with a space and end with a
 * bar, R digits the other way round). Unknown modules are 0.5.
 */
function knownSymbol(): { modules: number[]; known: number[] } {
  const modules = [
    ...bits('00000101'),
    ...Array<number>(42).fill(0.5),
    ...bits('01010'),
    ...Array<number>(42).fill(0.5),
    ...bits('10100000'),
  ];
  for (let i = 0; i < 6; i++) {
    modules[5 + DIGIT_AT[i]!] = 0;
    modules[5 + DIGIT_AT[i]! + 6] = 1;
    modules[5 + DIGIT_AT[i + 6]!] = 1;
    modules[5 + DIGIT_AT[i + 6]! + 6] = 0;
  }
  const known = modules.flatMap((m, i) => (m === 0.5 ? [] : [i]));
  return { modules, known };
}

interface Templates {
  sigma: number;
  spread: number;
  /** The whole of SYMBOL. */
  symbol: Float64Array;
  /** The known modules' samples (knownSymbol), in order. */
  guards: Float64Array;
  /** Per digit 0–9, the L, G and R pattern with a module each side, blurred. */
  l: Float64Array[];
  g: Float64Array[];
  r: Float64Array[];
}

const SYMBOL = knownSymbol();

function templates(sigma: number, spread: number): Templates {
  const all = blurred(SYMBOL.modules, sigma, spread);
  const guards = new Float64Array(SYMBOL.known.length * SAMPLES);
  SYMBOL.known.forEach((module, i) => {
    guards.set(all.subarray(module * SAMPLES, (module + 1) * SAMPLES), i * SAMPLES);
  });
  // A left digit follows a bar and precedes a space; a right digit the other way round.
  const flanked = (code: string, before: number, after: number) => {
    const wide = blurred([0.5, before, ...bits(code), after, 0.5], sigma, spread);
    return wide.slice(SAMPLES, 10 * SAMPLES);
  };
  return {
    sigma,
    spread,
    symbol: all,
    guards,
    l: L_CODES.map((code) => flanked(code, 1, 0)),
    g: G_CODES.map((code) => flanked(code, 1, 0)),
    r: R_CODES.map((code) => flanked(code, 0, 1)),
  };
}

let cachedTemplates: Templates[] | null = null;
const allTemplates = () =>
  (cachedTemplates ??= BLURS.flatMap((sigma) => SPREADS.map((spread) => templates(sigma, spread))));

/** Pearson correlation of two equally long series. */
function correlation(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const n = a.length;
  let sa = 0;
  let sb = 0;
  for (let i = 0; i < n; i++) {
    sa += a[i]!;
    sb += b[i]!;
  }
  const ma = sa / n;
  const mb = sb / n;
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < n; i++) {
    const da = a[i]! - ma;
    const db = b[i]! - mb;
    ab += da * db;
    aa += da * da;
    bb += db * db;
  }
  return aa > 0 && bb > 0 ? ab / Math.sqrt(aa * bb) : 0;
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

/** How well the guards fit a symbol at x0 (where its 5 modules of quiet zone start), modules w wide. */
function guardFit(line: Float64Array, x0: number, w: number, t: Templates, buffer: Float64Array) {
  let k = 0;
  for (const module of SYMBOL.known) {
    for (let s = 0; s < SAMPLES; s++)
      buffer[k++] = at(line, x0 + (module + (s + 0.5) / SAMPLES) * w);
  }
  return correlation(buffer, t.guards);
}

/**
 * Where a symbol may lie on the line: a dark stretch between two bright ones longer than any
 * bright stretch inside it (a quiet zone is wider than the widest space, four modules).
 */
function spans(line: Float64Array): { start: number; end: number }[] {
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
  const found: { start: number; end: number }[] = [];
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
        bars >= 10 &&
        quietAfter[1] >= MIN_QUIET &&
        quietAfter[1] > widestSpace &&
        end - start >= MODULES * MIN_MODULE
      ) {
        found.push({ start, end });
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

/** Pieces of SYMBOL: [first module, modules]: the start guard, the middle one, the end one. */
const START_PIECE = [0, 9] as const;
const MIDDLE_PIECE = [49, 7] as const;
const END_PIECE = [96, 9] as const;

/**
 * Where a piece of SYMBOL (at `t`'s blur) fits best on the line, trying `steps` positions each
 * side of `x` (where the piece would start) a twentieth of a module apart.
 */
function fitPiece(
  line: Float64Array,
  t: Templates,
  [first, count]: readonly [number, number],
  x: number,
  w: number,
  steps: number,
): { x: number; score: number } {
  const template = t.symbol.subarray(first * SAMPLES, (first + count) * SAMPLES);
  const window = new Float64Array(count * SAMPLES);
  let best = { x, score: -2 };
  for (let j = -steps; j <= steps; j++) {
    const at = x + j * 0.05 * w;
    const score = correlation(sample(line, at, w, 0, count, window), template);
    if (score > best.score) best = { x: at, score };
  }
  return best;
}

/** The symbol's start, module width and blur that fit the guards best, near a span's edges. */
function fitGuards(line: Float64Array, span: { start: number; end: number }): Fit | null {
  const buffer = new Float64Array(SYMBOL.known.length * SAMPLES);
  const w0 = (span.end - span.start) / MODULES;
  let best: Fit | null = null;
  // Coarse: each outer guard placed on its own, within eight modules of its end of the span
  // (blur moves it, and a faint thin bar may not have looked dark at all, so the span began at
  // the first thick one), then the width that fits all the guards from either, to a quarter of
  // a percent (a module at the far end is only 1 % of the symbol), near the width the span and
  // the two guards give.
  for (const t of allTemplates().filter(
    (t) => COARSE_BLURS.includes(t.sigma) && COARSE_SPREADS.includes(t.spread),
  )) {
    const start = fitPiece(line, t, START_PIECE, span.start - 5 * w0, w0, 160);
    const end = fitPiece(line, t, END_PIECE, span.end - 4 * w0, w0, 160);
    // Most spans are not a symbol at all (text, texture): neither end looks like a guard.
    if (Math.min(start.score, end.score) < MIN_COARSE_CORRELATION) continue;
    const between = (end.x - start.x) / END_PIECE[0];
    if (between <= 0) continue;
    // The width from the span's ends and from the two guards, each from either guard, first a
    // percent apart and then a quarter of one round the best.
    const tryWidths = (centre: number, steps: number, step: number, jitter: number) => {
      let found: Fit | null = null;
      for (let k = -steps; k <= steps; k++) {
        const w = centre * (1 + k * step);
        for (let j = -jitter; j <= jitter; j++) {
          for (const x0 of [start.x + j * 0.1 * w, end.x - END_PIECE[0] * w + j * 0.1 * w]) {
            const score = guardFit(line, x0, w, t, buffer);
            if (!found || score > found.score) found = { x0, w, t, score };
          }
        }
      }
      return found!;
    };
    for (const centre of [w0, between]) {
      const rough = tryWidths(centre, 3, 0.01, 1);
      const fine = tryWidths(rough.w, 4, 0.0025, 2);
      if (!best || fine.score > best.score) best = fine;
    }
  }
  if (!best || best.score < MIN_COARSE_CORRELATION) return null;
  const coarse = best;
  // Then the blur, at a twelfth of a module and a third of a percent, with bars as printed.
  for (const t of allTemplates().filter((t) => t.spread === 0)) {
    for (let j = -3; j <= 3; j++) {
      for (let k = -3; k <= 3; k++) {
        const w = coarse.w * (1 + k * 0.0033);
        const x0 = coarse.x0 + j * 0.08 * w;
        const score = guardFit(line, x0, w, t, buffer);
        if (score > best.score) best = { x0, w, t, score };
      }
    }
  }
  // Last how much the bars spread or thinned, at the blurs next to that one.
  const sharp = best;
  for (const t of allTemplates()) {
    if (t.spread === 0 || Math.abs(t.sigma - sharp.t.sigma) > 0.3) continue;
    for (let j = -1; j <= 1; j++) {
      const x0 = sharp.x0 + j * 0.08 * sharp.w;
      const score = guardFit(line, x0, sharp.w, t, buffer);
      if (score > best.score) best = { x0, w: sharp.w, t, score };
    }
  }
  return best;
}

/** Where module m of the symbol lies on the line (modules from the start guard's first bar). */
type Place = (m: number) => number;

/**
 * The symbol's module positions from each guard fitted on its own (start, middle, end): a label
 * seen at a slant or on a curve has wider modules at one end, which one width for all would
 * carry into the far digits.
 */
function placeGuards(line: Float64Array, fit: Fit): Place {
  // The middle guard is looked for within a module (its bars alternate: two modules off fits
  // too); the outer ones, which the quiet zone makes unique, within three.
  const anchors = (
    [
      [START_PIECE, 60],
      [MIDDLE_PIECE, 12],
      [END_PIECE, 60],
    ] as const
  ).map(([piece, steps]) => ({
    module: piece[0] - 5,
    x: fitPiece(line, fit.t, piece, fit.x0 + piece[0] * fit.w, fit.w, steps).x,
  }));
  const [a, b, c] = anchors as [(typeof anchors)[0], (typeof anchors)[0], (typeof anchors)[0]];
  return (m) => {
    const [from, to] = m < b.module ? [a, b] : [b, c];
    return from.x + ((m - from.module) * (to.x - from.x)) / (to.module - from.module);
  };
}

/** How well each digit 0–9 of each set fits each of the twelve places, allowing a little drift. */
function digitScores(
  line: Float64Array,
  place: Place,
  t: Templates,
  ink: { a: number; b: number },
) {
  const window = new Float64Array(9 * SAMPLES);
  const fits = (i: number, codes: Float64Array[]) => {
    const scores = new Float64Array(10).fill(-1);
    const from = DIGIT_AT[i]! - 1;
    const x0 = place(from);
    const w = (place(from + 9) - x0) / 9;
    for (let shift = -3; shift <= 3; shift++) {
      sample(line, x0 + shift * 0.1 * w, w, 0, 9, window);
      codes.forEach((code, d) => {
        scores[d] = Math.max(scores[d]!, match(window, code, ink));
      });
    }
    return scores;
  };
  return DIGIT_AT.map((_, i) =>
    i < 6 ? { l: fits(i, t.l), g: fits(i, t.g) } : { r: fits(i, t.r) },
  );
}

type Scores = ReturnType<typeof digitScores>;

interface Digits {
  /** The thirteen digits, the first told by the parities. */
  digits: number[];
  /** How well they match, summed (`match`). */
  total: number;
  /** The least of them. */
  least: number;
  /** Places whose chosen digit is not the best fit there (the parities or the check forced it). */
  forced: number;
  /** The least lead of a chosen digit over every other digit of any set in its place. */
  margin: number;
}

/**
 * The thirteen digits that fit best and make a valid EAN-13 (parities naming the first digit,
 * the check digit right).
 */
function bestDigits(scores: Scores): Digits | null {
  let best: Digits | null = null;
  PARITIES.forEach((parity, first) => {
    const setAt = (i: number) => {
      const place = scores[i]!;
      return i < 6 ? (parity[i] === 'L' ? place.l! : place.g!) : place.r!;
    };
    // Per check-sum remainder, the best digits so far (weights 1, 3, 1, … from the first digit).
    let states: ({ digits: number[]; total: number } | null)[] = Array<null>(10).fill(null);
    states[first] = { digits: [first], total: 0 };
    for (let i = 0; i < 12; i++) {
      const set = setAt(i);
      const weight = i % 2 === 0 ? 3 : 1;
      const next: typeof states = Array<null>(10).fill(null);
      states.forEach((state, sum) => {
        if (!state) return;
        for (let d = 0; d < 10; d++) {
          const to = (sum + weight * d) % 10;
          const total = state.total + set[d]!;
          if (!next[to] || total > next[to].total)
            next[to] = { digits: [...state.digits, d], total };
        }
      });
      states = next;
    }
    const valid = states[0];
    if (!valid || (best && valid.total <= best.total)) return;
    const chosen = valid.digits.slice(1).map((d, i) => setAt(i)[d]!);
    const forced = chosen.filter((score, i) => {
      const place = scores[i]!;
      return score < Math.max(...(i < 6 ? [...place.l!, ...place.g!] : place.r!));
    }).length;
    // How far each place's chosen digit stands above the next best of any set there.
    const margin = Math.min(
      ...valid.digits.slice(1).map((d, i) => {
        const place = scores[i]!;
        const own = setAt(i)[d]!;
        const others = (i < 6 ? [place.l!, place.g!] : [place.r!]).flatMap((set) =>
          [...set].filter((_, k) => set !== setAt(i) || k !== d),
        );
        return own - Math.max(...others);
      }),
    );
    best = { digits: valid.digits, total: valid.total, least: Math.min(...chosen), forced, margin };
  });
  return best;
}

/** The EAN-13 read on one line (either way round), or null. */
function readLine(line: Float64Array): string | null {
  const reversed = line.slice().reverse();
  for (const span of spans(line)) {
    const fit = fitGuards(line, span);
    if (!fit || fit.score < MIN_GUARD_CORRELATION) continue;
    // The guards read the same both ways: the digits tell which way the symbol runs.
    const mirrored = { ...fit, x0: line.length - 1 - (fit.x0 + (MODULES + 10) * fit.w) };
    const guards = new Float64Array(SYMBOL.known.length * SAMPLES);
    guardFit(line, fit.x0, fit.w, fit.t, guards);
    const ink = levels(guards, fit.t.guards);
    if (ink.a <= 0) continue;
    let best: Digits | null = null;
    for (const [ways, f] of [
      [line, fit],
      [reversed, mirrored],
    ] as const) {
      const digits = bestDigits(digitScores(ways, placeGuards(ways, f), f.t, ink));
      if (digits && (!best || digits.total > best.total)) best = digits;
    }
    if (
      best &&
      best.total / 12 >= MIN_MEAN_MATCH &&
      best.least >= MIN_DIGIT_MATCH &&
      best.forced <= MAX_FORCED &&
      best.margin >= MIN_MARGIN
    ) {
      return best.digits.join('');
    }
  }
  return null;
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

/**
 * An EAN-13 or UPC-A read by its grey levels on enough scan lines (rows, then columns, each
 * both ways round), or null. UPC-A is an EAN-13 whose first digit is 0, reported as 12 digits.
 */
export function readEanByProfile(gray: GrayImage): { text: string; format: BarcodeFormat } | null {
  const votes = new Map<string, number>();
  for (const across of [true, false]) {
    const breadth = across ? gray.height : gray.width;
    for (let k = 0; k < LINES; k++) {
      const line = lineOf(gray, across, Math.round(breadth * (0.1 + (0.8 * k) / (LINES - 1))));
      const text = readLine(line);
      if (!text) continue;
      const count = (votes.get(text) ?? 0) + 1;
      votes.set(text, count);
      const others = Math.max(0, ...[...votes].filter(([t]) => t !== text).map(([, c]) => c));
      if (count >= LINES_TO_ACCEPT && count >= 2 * others) {
        return text.startsWith('0')
          ? { text: text.slice(1), format: BarcodeFormat.UpcA }
          : { text, format: BarcodeFormat.Ean13 };
      }
    }
  }
  return null;
}
