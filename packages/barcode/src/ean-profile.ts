import { BarcodeFormat } from './formats';
import type { GrayImage } from './preprocess';

/**
 * EAN-13 and UPC-A read from the grey levels along scan lines, for labels too blurred for bars
 * and spaces to be told apart by their edges (zxing's way): a label of two pixels a bar, out of
 * focus, where thin spaces no longer come up to white.
 *
 * Instead of edges, each stretch of a line is compared with what each digit's bars would look
 * like through the same blur (a matched filter): the guards, which every EAN has in the same
 * place, give where the symbol starts and how wide a module is; then each digit is the pattern
 * whose blurred picture correlates best, and the thirteen digits are chosen together so that
 * their parities and the check digit agree (EAN-13 has no other error detection). A text must
 * come out the same on several scan lines before it is believed.
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
/** At most this many digits may be other than the best fit in their place. */
const MAX_FORCED = 0;
/**
 * Every digit fits its place better than any other digit of any set by at least this much: blur
 * makes some patterns look alike, and a near tie decided by the check digit is a guess.
 */
const MIN_MARGIN = 0.02;
/** A line's read counts when its digits correlate with their patterns this well on average. */
const MIN_MEAN_CORRELATION = 0.85;
/** And no digit correlates worse than this. */
const MIN_DIGIT_CORRELATION = 0.3;
/** A text is believed once this many lines read it, twice as many as read anything else. */
const LINES_TO_ACCEPT = 3;

/** `modules` (a string of 0/1, or numbers with 0.5 for not known) blurred, sampled SAMPLES a module. */
function blurred(modules: readonly number[], sigma: number): Float64Array {
  const n = modules.length * SAMPLES;
  const out = new Float64Array(n);
  const reach = Math.ceil(3 * sigma * SAMPLES);
  for (let i = 0; i < n; i++) {
    let sum = 0;
    let weight = 0;
    for (let k = -reach; k <= reach; k++) {
      const at = Math.floor((i + k) / SAMPLES);
      const value = at < 0 || at >= modules.length ? 0.5 : modules[at]!;
      const w = Math.exp(-((k / SAMPLES) ** 2) / (2 * sigma * sigma));
      sum += value * w;
      weight += w;
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
  /** The known modules' samples (knownSymbol), in order. */
  guards: Float64Array;
  /** Per digit 0–9, the L, G and R pattern with a module each side, blurred. */
  l: Float64Array[];
  g: Float64Array[];
  r: Float64Array[];
}

const SYMBOL = knownSymbol();

function templates(sigma: number): Templates {
  const all = blurred(SYMBOL.modules, sigma);
  const guards = new Float64Array(SYMBOL.known.length * SAMPLES);
  SYMBOL.known.forEach((module, i) => {
    guards.set(all.subarray(module * SAMPLES, (module + 1) * SAMPLES), i * SAMPLES);
  });
  // A left digit follows a bar and precedes a space; a right digit the other way round.
  const flanked = (code: string, before: number, after: number) => {
    const wide = blurred([0.5, before, ...bits(code), after, 0.5], sigma);
    return wide.slice(SAMPLES, 10 * SAMPLES);
  };
  return {
    sigma,
    guards,
    l: L_CODES.map((code) => flanked(code, 1, 0)),
    g: G_CODES.map((code) => flanked(code, 1, 0)),
    r: R_CODES.map((code) => flanked(code, 0, 1)),
  };
}

let cachedTemplates: Templates[] | null = null;
const allTemplates = () => (cachedTemplates ??= BLURS.map(templates));

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

/** How well the guards fit a symbol at x0 with modules w wide (x0 is where the quiet zone's 5 modules start). */
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

/** The symbol's start, module width and blur that fit the guards best, near a span's edges. */
function fitGuards(line: Float64Array, span: { start: number; end: number }): Fit | null {
  const buffer = new Float64Array(SYMBOL.known.length * SAMPLES);
  const w0 = (span.end - span.start) / MODULES;
  let best: Fit | null = null;
  for (const middle of allTemplates().filter((t) => COARSE_BLURS.includes(t.sigma))) {
    // Coarse: a quarter module and 1 % apart, over two and a half modules and 5 % (blur moves
    // the outer edges, and a blurred first bar may not have looked dark at all).
    for (let j = -10; j <= 10; j++) {
      for (let k = -5; k <= 5; k++) {
        const w = w0 * (1 + k * 0.01);
        const x0 = span.start + j * 0.25 * w0 - 5 * w;
        const score = guardFit(line, x0, w, middle, buffer);
        if (!best || score > best.score) best = { x0, w, t: middle, score };
      }
    }
  }
  if (!best) return null;
  const coarse = best;
  for (const t of allTemplates()) {
    for (let j = -3; j <= 3; j++) {
      for (let k = -3; k <= 3; k++) {
        const w = coarse.w * (1 + k * 0.0033);
        const x0 = coarse.x0 + j * 0.08 * w;
        const score = guardFit(line, x0, w, t, buffer);
        if (score > best.score) best = { x0, w, t, score };
      }
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
  const all = blurred(SYMBOL.modules, fit.t.sigma);
  // Each guard with the known modules round it, as [first module, modules] of SYMBOL (5 quiet first).
  // The middle guard is looked for within a module (its bars alternate: two modules off fits
  // too); the outer ones, which the quiet zone makes unique, within three.
  const pieces: [number, number, number][] = [
    [0, 9, 60],
    [49, 7, 12],
    [96, 9, 60],
  ];
  const anchors = pieces.map(([first, count, reach]) => {
    const template = all.subarray(first * SAMPLES, (first + count) * SAMPLES);
    const window = new Float64Array(count * SAMPLES);
    let best = { x: fit.x0 + first * fit.w, score: -2 };
    for (let j = -reach; j <= reach; j++) {
      const x = fit.x0 + (first + j * 0.05) * fit.w;
      sample(line, x, fit.w, 0, count, window);
      const score = correlation(window, template);
      if (score > best.score) best = { x, score };
    }
    return { module: first - 5, x: best.x };
  });
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
  /** Their correlations summed. */
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
      best.total / 12 >= MIN_MEAN_CORRELATION &&
      best.least >= MIN_DIGIT_CORRELATION &&
      best.forced <= MAX_FORCED &&
      best.margin >= MIN_MARGIN
    ) {
      return best.digits.join('');
    }
  }
  return null;
}

/** Darkness along row or column `at`, averaged over three pixels across. */
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
      {
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
  }
  return null;
}
