import { BarcodeFormat } from './formats';

/**
 * The EAN/UPC family as the grey-level reader (ean-profile.ts) needs it: where the guards and the
 * digits lie, which digit sets each place takes, and how parities and the check digit decide
 * the number. One digit is seven modules in every member.
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

export type DigitSet = 'L' | 'G' | 'R';
export const CODES: Record<DigitSet, string[]> = { L: L_CODES, G: G_CODES, R: R_CODES };
/** L and G digits begin with a space and end with a bar, R digits the other way round. */
export const FLANKS: Record<DigitSet, [before: number, after: number]> = {
  L: [1, 0],
  G: [1, 0],
  R: [0, 1],
};

/** Modules of quiet zone drawn each side of a symbol's pattern. */
export const QUIET = 5;

/** How well each digit 0–9 fits a place, per digit set the place takes. */
export type PlaceScores = Partial<Record<DigitSet, Float64Array>>;

/** The digits a line's fits make, with what the reader needs to judge them. */
export interface Digits {
  /** What the symbol says, as the product reports it. */
  text: string;
  /** How well the chosen digits match, summed (ean-profile.ts `match`). */
  total: number;
  /** The least of them. */
  least: number;
  /** Places whose chosen digit is not the best fit there (the parities or the check forced it). */
  forced: number;
  /** The least lead of a chosen digit over every other digit of any set in its place. */
  margin: number;
}

/** A [first index, count] stretch of a symbology's `pattern`. */
export type Piece = readonly [number, number];

export interface Symbology {
  /** Modules of the symbol, quiet zones left out. */
  modules: number;
  /**
   * Dark stretches a blurred symbol still shows at least, of its bars (EAN-13 30, EAN-8 22,
   * UPC-E 17): thin bars run together.
   */
  fewestBars: number;
  /** The guards: the module each starts at and its bars (1) and spaces (0). */
  guards: [at: number, bits: string][];
  /**
   * The symbol with QUIET modules of quiet zone each side: 1 a bar, 0 a space, 0.5 a digit's
   * module (the modules each side of a digit are known: FLANKS).
   */
  pattern: number[];
  /** Each encoded digit: the symbol's module it starts at and the sets it may be in. */
  places: { at: number; sets: readonly DigitSet[] }[];
  /** The guards with what is known round them, as stretches of `pattern`. */
  start: Piece;
  middle: Piece | null;
  end: Piece;
  /** The valid number that fits best, or null. */
  decide: (scores: PlaceScores[]) => Digits | null;
}

const bits = (code: string) => [...code].map(Number);

/** A symbology's entry with its `pattern` drawn from its modules, guards and digit places. */
function drawn(entry: Omit<Symbology, 'pattern'>): Symbology {
  const { modules, guards, places } = entry;
  const pattern = Array<number>(modules + 2 * QUIET).fill(0.5);
  pattern.fill(0, 0, QUIET).fill(0, QUIET + modules);
  for (const [at, guard] of guards) pattern.splice(QUIET + at, guard.length, ...bits(guard));
  for (const { at, sets } of places) {
    const [before, after] = FLANKS[sets[0]!];
    pattern[QUIET + at] = 1 - before;
    pattern[QUIET + at + 6] = 1 - after;
  }
  return { ...entry, pattern };
}

/**
 * The digits, one for each place in the set `setAt` names, whose weighted sum (`weights`, plus
 * `sum` already) ends in 0 and whose scores add up most: a walk over the places with the sum's
 * last digit as state.
 */
function bestValid(
  scores: PlaceScores[],
  setAt: (i: number) => DigitSet,
  weights: readonly number[],
  sum: number,
  fixed: (i: number) => number | null = () => null,
): { digits: number[]; total: number } | null {
  let states: ({ digits: number[]; total: number } | null)[] = Array<null>(10).fill(null);
  states[((sum % 10) + 10) % 10] = { digits: [], total: 0 };
  scores.forEach((place, i) => {
    const set = place[setAt(i)]!;
    const only = fixed(i);
    const next: typeof states = Array<null>(10).fill(null);
    states.forEach((state, last) => {
      if (!state) return;
      for (let d = 0; d < 10; d++) {
        if (only !== null && d !== only) continue;
        const to = (last + weights[i]! * d) % 10;
        const total = state.total + set[d]!;
        if (!next[to] || total > next[to].total) next[to] = { digits: [...state.digits, d], total };
      }
    });
    states = next;
  });
  return states[0] ?? null;
}

/** The most the places could add up to in the sets `setAt` names, check digit or not. */
function bound(scores: PlaceScores[], setAt: (i: number) => DigitSet): number {
  return scores.reduce((sum, place, i) => sum + Math.max(...place[setAt(i)]!), 0);
}

/** The chosen digits judged: least score, digits forced, least lead over any other fit. */
function judged(
  scores: PlaceScores[],
  digits: number[],
  setAt: (i: number) => DigitSet,
  total: number,
  text: string,
): Digits {
  let least = Infinity;
  let forced = 0;
  let margin = Infinity;
  digits.forEach((d, i) => {
    const own = scores[i]![setAt(i)]!;
    least = Math.min(least, own[d]!);
    let rival = -Infinity;
    for (const [set, fits] of Object.entries(scores[i]!)) {
      fits.forEach((score, k) => {
        if (set !== setAt(i) || k !== d) rival = Math.max(rival, score);
      });
    }
    if (rival > own[d]!) forced++;
    margin = Math.min(margin, own[d]! - rival);
  });
  return { text, total, least, forced, margin };
}

/** EAN-13's first digit, told by which of the left six digits are G (the rest L). */
const EAN13_PARITIES = [
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

const ean13Places = Array.from({ length: 12 }, (_, i) =>
  i < 6
    ? { at: 3 + 7 * i, sets: ['L', 'G'] as const }
    : { at: 50 + 7 * (i - 6), sets: ['R'] as const },
);

/** EAN-13, and UPC-A (an EAN-13 whose first digit is 0, reported as its 12 digits). */
export const EAN_13 = drawn({
  modules: 95,
  fewestBars: 10,
  guards: [
    [0, '101'],
    [45, '01010'],
    [92, '101'],
  ],
  places: ean13Places,
  start: [0, 9],
  middle: [49, 7],
  end: [96, 9],
  decide(scores) {
    let best: Digits | null = null;
    EAN13_PARITIES.forEach((parity, first) => {
      const setAt = (i: number): DigitSet => (i < 6 ? (parity[i] as DigitSet) : 'R');
      // Weights 1, 3, 1, … from the first digit, which the parities encode.
      const weights = scores.map((_, i) => (i % 2 === 0 ? 3 : 1));
      if (best && bound(scores, setAt) <= best.total) return;
      const valid = bestValid(scores, setAt, weights, first);
      if (!valid || (best && valid.total <= best.total)) return;
      const text = `${first}${valid.digits.join('')}`;
      best = judged(scores, valid.digits, setAt, valid.total, text);
    });
    return best;
  },
});

const ean8Places = Array.from({ length: 8 }, (_, i) =>
  i < 4 ? { at: 3 + 7 * i, sets: ['L'] as const } : { at: 36 + 7 * (i - 4), sets: ['R'] as const },
);

export const EAN_8 = drawn({
  modules: 67,
  fewestBars: 8,
  guards: [
    [0, '101'],
    [31, '01010'],
    [64, '101'],
  ],
  places: ean8Places,
  start: [0, 9],
  middle: [35, 7],
  end: [68, 9],
  decide(scores) {
    const setAt = (i: number): DigitSet => (i < 4 ? 'L' : 'R');
    const valid = bestValid(scores, setAt, [3, 1, 3, 1, 3, 1, 3, 1], 0);
    return valid && judged(scores, valid.digits, setAt, valid.total, valid.digits.join(''));
  },
});

/**
 * UPC-E's number system 0 parities, by check digit (E: G, O: L); number system 1 the reverse.
 * The check digit is the UPC-A number's, which the six digits expand to.
 */
const UPCE_PARITIES = [
  'GGGLLL',
  'GGLGLL',
  'GGLLGL',
  'GGLLLG',
  'GLGGLL',
  'GLLGGL',
  'GLLLGG',
  'GLGLGL',
  'GLGLLG',
  'GLLGLG',
];

/**
 * The weights (UPC-A's 3, 1, 3, … by where each lands) of the first five digits, and of the sixth
 * itself, in the UPC-A number the six expand to, by the sixth digit.
 */
function upcEWeights(sixth: number): { five: number[]; own: number } {
  if (sixth <= 2) return { five: [1, 3, 3, 1, 3], own: 1 };
  if (sixth === 3) return { five: [1, 3, 1, 1, 3], own: 0 };
  if (sixth === 4) return { five: [1, 3, 1, 3, 3], own: 0 };
  return { five: [1, 3, 1, 3, 1], own: 3 };
}

const upcEPlaces = Array.from({ length: 6 }, (_, i) => ({
  at: 3 + 7 * i,
  sets: ['L', 'G'] as const,
}));

/** UPC-E, reported as its 8 digits: number system, six digits, check digit. */
export const UPC_E = drawn({
  modules: 51,
  fewestBars: 6,
  guards: [
    [0, '101'],
    [45, '010101'],
  ],
  places: upcEPlaces,
  start: [0, 9],
  middle: null,
  end: [49, 12],
  decide(scores) {
    let best: Digits | null = null;
    for (const system of [0, 1]) {
      UPCE_PARITIES.forEach((zero, check) => {
        const parity = system === 0 ? zero : [...zero].map((p) => (p === 'G' ? 'L' : 'G')).join('');
        const setAt = (i: number) => parity[i] as DigitSet;
        if (best && bound(scores, setAt) <= best.total) return;
        for (let sixth = 0; sixth < 10; sixth++) {
          const { five, own } = upcEWeights(sixth);
          // The number system weighs 3 and the check digit 1: the sum with it ends in 0.
          const valid = bestValid(scores, setAt, [...five, own], 3 * system + check, (i) =>
            i === 5 ? sixth : null,
          );
          if (!valid || (best && valid.total <= best.total)) continue;
          const text = `${system}${valid.digits.join('')}${check}`;
          best = judged(scores, valid.digits, setAt, valid.total, text);
        }
      });
    }
    return best;
  },
});

/** Every member the reader tries, each with how its reads are reported. */
export const SYMBOLOGIES: {
  symbology: Symbology;
  report: (text: string) => { text: string; format: BarcodeFormat };
}[] = [
  {
    symbology: EAN_13,
    report: (text) =>
      text.startsWith('0')
        ? { text: text.slice(1), format: BarcodeFormat.UpcA }
        : { text, format: BarcodeFormat.Ean13 },
  },
  { symbology: EAN_8, report: (text) => ({ text, format: BarcodeFormat.Ean8 }) },
  { symbology: UPC_E, report: (text) => ({ text, format: BarcodeFormat.UpcE }) },
];
