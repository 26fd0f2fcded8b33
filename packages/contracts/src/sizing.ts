import { RIDER_LIMITS, type RiderAbility } from './riders.js';
import type { RiderFields } from './rider-schemas.js';

/**
 * The size attribute a kind of gear's grade is kept in (its machine name): a pack of a grade
 * (`rental_packs.grade`, one of that attribute's options, e.g. 高端) holds gear of that grade in
 * every part whose category has it, and a pack of none gear of none; parts of other categories
 * (helmets, poles) any. Kept here, beside the sizes, so a page that reads it loads no schema.
 */
export const GRADE_ATTRIBUTE = 'grade';

/**
 * Sizing gear to a rider as a ski shop does (docs/riders.md): what sized gear a category is, the
 * size to suggest, whether a chosen size fits, and which size to take instead. Pure functions of
 * the category's name, its size attributes and the rider's measurements; shared by both sides.
 */

// ---- sizes and units a visitor knows -----------------------------------------------------------

/** The shoe size systems a person may know their boot size in (the booking keeps Mondopoint). */
export const BootSizeSystem = {
  Mondopoint: 'mondopoint',
  Eu: 'eu',
  Uk: 'uk',
  UsMen: 'usMen',
  UsWomen: 'usWomen',
} as const;
export type BootSizeSystem = (typeof BootSizeSystem)[keyof typeof BootSizeSystem];
export const BOOT_SIZE_SYSTEMS: readonly BootSizeSystem[] = Object.values(BootSizeSystem);

/*
 * The ski makers' boot size chart (the Mondopoint chart Salomon, Atomic, Rossignol and Head print
 * with their boots; its rule of thumb: add the Mondopoint's two digits for the US men's size,
 * 26.5 → 2 + 6 = 8, .5 → 8.5): US men's = Mondopoint − 18, US women's = men's + 1, UK = men's − 1,
 * and EU about 1.5 × Mondopoint + 1.25 (26.5 → 41, 27 → 42, 28.5 → 44), to the nearest half size.
 * The makers' charts differ from each other by about half a size, so these are approximate, and
 * say so where shown. They cover adult feet, from Mondopoint 22 (UK 3, US men's 4, women's 5):
 * children's UK and US shoe sizes run on scales of their own, so a child's foot is given in EU.
 */
const US_MEN_BELOW_MONDOPOINT = 18;
const OFFSET: Record<'uk' | 'usMen' | 'usWomen', number> = {
  uk: US_MEN_BELOW_MONDOPOINT + 1,
  usMen: US_MEN_BELOW_MONDOPOINT,
  usWomen: US_MEN_BELOW_MONDOPOINT - 1,
};
/** The smallest adult foot on the makers' charts: UK and US sizes start there. */
const ADULT_FROM_MONDOPOINT = 22;
const EU_PER_CM = 1.5;
const EU_AT_ZERO = 1.25;

const toHalf = (n: number) => Math.round(n * 2) / 2;
const isHalfSize = (n: number) => Number.isFinite(n) && Number.isInteger(n * 2);

/** The EU size of a Mondopoint (26.5 → 41), to the nearest half size. */
export function mondopointToEu(mondopoint: number): number {
  return toHalf(EU_PER_CM * mondopoint + EU_AT_ZERO);
}

/** The Mondopoint (in half sizes) of an EU size: the inverse of `mondopointToEu` (41 → 26.5). */
export function euToMondopoint(eu: number): number {
  return toHalf((eu - EU_AT_ZERO) / EU_PER_CM);
}

/**
 * A Mondopoint in another system; null where that system has no adult size for the foot (UK and
 * US below Mondopoint 22). Mondopoint half sizes come back unchanged through `bootSizeToMondopoint`.
 */
export function mondopointToBootSize(system: BootSizeSystem, mondopoint: number): number | null {
  switch (system) {
    case 'mondopoint':
      return mondopoint;
    case 'eu':
      return mondopointToEu(mondopoint);
    case 'uk':
    case 'usMen':
    case 'usWomen':
      return mondopoint < ADULT_FROM_MONDOPOINT ? null : mondopoint - OFFSET[system];
  }
}

/** The sizes a rider may enter in a system: the riders' Mondopoint bounds, in that system. */
export function bootSizeBounds(system: BootSizeSystem): { min: number; max: number } {
  const { min, max } = RIDER_LIMITS.bootSizeMondopoint;
  const from = system === 'mondopoint' || system === 'eu' ? min : ADULT_FROM_MONDOPOINT;
  return { min: mondopointToBootSize(system, from)!, max: mondopointToBootSize(system, max)! };
}

/**
 * The Mondopoint of a size entered in a system (EU 42 → 27, US women's 8 → 25); null unless it
 * is a half size within `bootSizeBounds`.
 */
export function bootSizeToMondopoint(system: BootSizeSystem, size: number): number | null {
  const bounds = bootSizeBounds(system);
  if (!isHalfSize(size) || size < bounds.min || size > bounds.max) return null;
  switch (system) {
    case 'mondopoint':
      return size;
    case 'eu':
      return euToMondopoint(size);
    case 'uk':
    case 'usMen':
    case 'usWomen':
      return size + OFFSET[system];
  }
}

/** A Mondopoint in every other system (null where a system has no adult size for it). */
export function bootSizeEquivalents(
  mondopoint: number,
): Record<Exclude<BootSizeSystem, 'mondopoint'>, number | null> {
  return {
    eu: mondopointToEu(mondopoint),
    uk: mondopointToBootSize('uk', mondopoint),
    usMen: mondopointToBootSize('usMen', mondopoint),
    usWomen: mondopointToBootSize('usWomen', mondopoint),
  };
}

/** An inch is 2.54 cm, a pound 0.45359237 kg (both exact, by the 1959 international agreement). */
const CM_PER_INCH = 2.54;
const KG_PER_LB = 0.45359237;

/** A height in whole feet and inches, to the nearest inch (175 cm → 5 ft 9 in). */
export function cmToFeetInches(cm: number): { feet: number; inches: number } {
  const inches = Math.round(cm / CM_PER_INCH);
  return { feet: Math.floor(inches / 12), inches: inches % 12 };
}

/** Feet and inches in whole cm, as heights are kept (5 ft 10 in → 178). */
export function feetInchesToCm(feet: number, inches: number): number {
  return Math.round((feet * 12 + inches) * CM_PER_INCH);
}

/** A weight in whole pounds (70 kg → 154). */
export function kgToLb(kg: number): number {
  return Math.round(kg / KG_PER_LB);
}

/** Pounds in whole kg, as weights are kept (150 lb → 68). */
export function lbToKg(lb: number): number {
  return Math.round(lb * KG_PER_LB);
}

export const SIZED_GEARS = ['ski', 'snowboard', 'pole', 'boot', 'helmet'] as const;
export type SizedGear = (typeof SIZED_GEARS)[number];

/** Gear the rider sizes themselves, even where its name also says ski ('滑雪服', 'ski goggles'). */
const RIDERS_CHOICE = /服|衣|裤|jacket|pants|suit|镜|goggle|护|guard|手套|glove/;

/**
 * What sized gear a category is: helmets by name first ('ski helmet' names skis too), then boots
 * before boards and skis ('单板滑雪鞋', 'ski boots'); DIN-adjustable categories are skis. A
 * category that already says (`gear`, told by the server from its Chinese name) is taken at its
 * word, so a name shown in English ('Boards', 'Lids') sizes as the Chinese one does.
 */
export function sizedGear(category: {
  name: string;
  dinAdjustable: boolean;
  gear?: SizedGear | null;
}): SizedGear | null {
  if (category.gear !== undefined) return category.gear;
  const name = category.name.toLowerCase();
  if (/盔|helmet/.test(name)) return 'helmet';
  if (RIDERS_CHOICE.test(name)) return null;
  if (/鞋|boot/.test(name)) return 'boot';
  if (/杖|pole/.test(name)) return 'pole';
  if (category.dinAdjustable) return 'ski';
  if (/单板|snowboard/.test(name)) return 'snowboard';
  if (/双板|ski/.test(name)) return 'ski';
  return null;
}

type SizeAttribute = { id: string; options: readonly string[]; unit?: string; name?: string };
type Category = { name: string; dinAdjustable: boolean; gear?: SizedGear | null };

// ---- measured gear: skis, boards, poles, boots ------------------------------------------------

/** Beginners ride a shorter ski (easier to turn), advanced riders a longer one (steadier). */
const SKI_UNDER_HEIGHT_CM: Record<RiderAbility, number> = { I: 15, II: 10, III: 5 };

/**
 * How far from the target a length still fits (cm below, cm above). A ski much longer than the
 * target is hard to turn and to stop, the risk for a child on an adult's ski; a much shorter one
 * is unsteady at speed. Poles come in 5 cm steps: two steps either way. Boards: the makers'
 * charts give a rider about ±10 cm of lengths.
 */
const LENGTH_FIT_CM: Record<'ski' | 'snowboard' | 'pole', { under: number; over: number }> = {
  ski: { under: 20, over: 10 },
  snowboard: { under: 10, over: 10 },
  pole: { under: 10, over: 10 },
};

/**
 * Boots are sized on Mondopoint (the foot's length in cm, what ski boots are labelled in) unless
 * the attribute says EU or its sizes run past any foot's Mondopoint (> 35: an EU scale).
 */
function bootScale(attribute: SizeAttribute): 'mondopoint' | 'eu' {
  const said = `${attribute.unit ?? ''} ${attribute.name ?? ''}`.toLowerCase();
  if (/mondo|\bmp\b/.test(said)) return 'mondopoint';
  if (/\beu\b|欧/.test(said)) return 'eu';
  return attribute.options.some((o) => Number(o) > 35) ? 'eu' : 'mondopoint';
}

/** The rider's need on the attribute's own scale: the target and how far from it still fits. */
interface Need {
  target: number;
  under: number;
  over: number;
}

function measuredNeed(
  gear: Exclude<SizedGear, 'helmet'>,
  rider: RiderFields,
  attribute: SizeAttribute,
): Need | null {
  const { heightCm: height, weightKg: weight } = rider;
  switch (gear) {
    case 'ski':
      return height === null
        ? null
        : { target: height - SKI_UNDER_HEIGHT_CM[rider.ability ?? 'I'], ...LENGTH_FIT_CM.ski };
    case 'snowboard': {
      // About chin height, and longer for a heavier rider (the makers' weight charts).
      const byHeight = height === null ? null : height * 0.88;
      const byWeight = weight === null ? null : 110 + 0.6 * weight;
      const target =
        byHeight === null || byWeight === null ? (byHeight ?? byWeight) : (byHeight + byWeight) / 2;
      return target === null ? null : { target, ...LENGTH_FIT_CM.snowboard };
    }
    case 'pole':
      return height === null ? null : { target: height * 0.68, ...LENGTH_FIT_CM.pole };
    case 'boot': {
      const foot = rider.bootSizeMondopoint;
      if (foot === null) return null;
      // More than one size away does not fit: a Mondopoint size (1 cm), 1.5 EU sizes.
      return bootScale(attribute) === 'eu'
        ? { target: mondopointToEu(foot), under: 1.5, over: 1.5 }
        : { target: foot, under: 1, over: 1 };
    }
  }
}

/** The size attribute measured in numbers (length in cm, shoe size). */
function numericAttribute(attributes: readonly SizeAttribute[]): SizeAttribute | undefined {
  return attributes.find(
    (a) => a.options.length > 0 && a.options.every((o) => o !== '' && Number.isFinite(Number(o))),
  );
}

/**
 * The Mondopoint of a boot kind sized on Mondopoint (its option's value, not its label: '26.5'),
 * to show beside it in the sizes a visitor knows; null for other gear and for boots sized on EU.
 */
export function bootMondopointOf(
  category: Category,
  attributes: readonly SizeAttribute[],
  size: Record<string, string>,
): number | null {
  if (sizedGear(category) !== 'boot') return null;
  const attribute = numericAttribute(attributes);
  const value = attribute ? size[attribute.id] : undefined;
  if (!attribute || !value || bootScale(attribute) !== 'mondopoint') return null;
  return Number(value);
}

// ---- helmets ------------------------------------------------------------------------------------

/** Helmet sizes in order; XS is a child's head (about 48–52 cm), S 52–55, M 55–58, L 58–61 … */
const HELMET_LETTERS = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL'];
const XS = 1;
const S = 2;
const M = 3;

/** A helmet size's place on the letter scale: letters, or a head circumference in cm. */
function helmetRank(option: string | undefined): number | null {
  if (option === undefined) return null;
  const letters = HELMET_LETTERS.indexOf(option.trim().toUpperCase());
  if (letters >= 0) return letters;
  const cm = Number(option);
  if (!Number.isFinite(cm) || cm < 40 || cm > 70) return null;
  return cm < 52 ? XS : cm < 55 ? S : cm < 58 ? M : cm < 61 ? M + 1 : M + 2;
}

function helmetAttribute(attributes: readonly SizeAttribute[]): SizeAttribute | undefined {
  return attributes.find(
    (a) => a.options.length > 0 && a.options.every((o) => helmetRank(o) !== null),
  );
}

/**
 * Whose head a helmet is for, by age (heads grow with age, not height), else by height: a young
 * child (under 6, or under 115 cm), a child (under 12, or under 140 cm) or an adult (14 and
 * over, or 155 cm and over). Between them, or unknown: null, no judgement.
 */
function helmetWearer(rider: RiderFields): 'youngChild' | 'child' | 'adult' | null {
  const { age, heightCm: height } = rider;
  if (age !== null) return age < 6 ? 'youngChild' : age < 12 ? 'child' : age >= 14 ? 'adult' : null;
  if (height === null) return null;
  return height < 115 ? 'youngChild' : height < 140 ? 'child' : height >= 155 ? 'adult' : null;
}

/** A child's helmet is XS or S, an adult's S and up; the size to aim for in each case. */
const HELMET_NEED: Record<
  'youngChild' | 'child' | 'adult',
  { target: number; from: number; to: number }
> = {
  youngChild: { target: XS, from: 0, to: S },
  child: { target: S, from: 0, to: S },
  adult: { target: M, from: S, to: HELMET_LETTERS.length - 1 },
};

// ---- children's sizes ---------------------------------------------------------------------------

/**
 * The largest size only a child wears, per gear, on the scale the gear is sized in: skis and
 * boards of 120 cm and under (a child of about 135 cm and under: an adult of 150 cm rides
 * 130 cm and up), poles of 90 cm and under (0.68 × a height of 132 cm), boots of Mondopoint 21.5
 * and under (EU 33.5: the smallest adult boots are 22.5), helmets XS and under (a head under
 * 52 cm). A small adult's sizes lie above every one of these.
 */
const CHILD_ONLY = { ski: 120, snowboard: 120, pole: 90, bootMondopoint: 21.5, helmet: XS };

/**
 * Whether a kind of gear comes in a size only a child wears (`CHILD_ONLY`). A rental whose sized
 * gear is all in such sizes is a junior's however old the rider said they were, or when nobody
 * said (docs/pricing.md). Null for gear that is not sized, or whose size cannot be read (in words,
 * or not chosen): it says nothing either way.
 */
export function childSized(
  category: Category,
  attributes: readonly SizeAttribute[],
  size: Record<string, string>,
): boolean | null {
  const gear = sizedGear(category);
  if (gear === null) return null;
  if (gear === 'helmet') {
    const attribute = helmetAttribute(attributes);
    const rank = attribute ? helmetRank(size[attribute.id]) : null;
    return rank === null ? null : rank <= CHILD_ONLY.helmet;
  }
  const attribute = numericAttribute(attributes);
  const option = attribute ? size[attribute.id] : undefined;
  if (!attribute || option === undefined || option === '') return null;
  const value = Number(option);
  if (gear === 'boot') {
    const mondopoint = bootScale(attribute) === 'eu' ? euToMondopoint(value) : value;
    return mondopoint <= CHILD_ONLY.bootMondopoint;
  }
  return value <= CHILD_ONLY[gear];
}

// ---- what the sheet asks --------------------------------------------------------------------

/** How a size fails a rider: a length, a boot size, or a helmet for the other age. */
export type FitProblem = 'tooLong' | 'tooShort' | 'tooBig' | 'tooSmall' | 'adultSize' | 'childSize';

export interface SizeMisfit {
  gear: SizedGear;
  problem: FitProblem;
}

/** The rider's need and how to read one option of it, for the category's sized attribute. */
interface Sizing {
  gear: SizedGear;
  attribute: SizeAttribute;
  /** The option on the need's scale (null: cannot tell). */
  value: (option: string | undefined) => number | null;
  need: Need;
}

function sizing(
  category: Category,
  attributes: readonly SizeAttribute[],
  rider: RiderFields,
): Sizing | null {
  const gear = sizedGear(category);
  if (gear === null) return null;
  if (gear === 'helmet') {
    const attribute = helmetAttribute(attributes);
    const wearer = helmetWearer(rider);
    if (!attribute || !wearer) return null;
    const { target, from, to } = HELMET_NEED[wearer];
    return {
      gear,
      attribute,
      value: helmetRank,
      need: { target, under: target - from, over: to - target },
    };
  }
  const attribute = numericAttribute(attributes);
  const need = attribute ? measuredNeed(gear, rider, attribute) : null;
  if (!attribute || !need) return null;
  return {
    gear,
    attribute,
    value: (option) => (option === undefined || option === '' ? null : Number(option)),
    need,
  };
}

/** Where a value lies against the need: 0 fits, −1 under, 1 over. */
function side(need: Need, value: number): -1 | 0 | 1 {
  // A hair of slack for sizes worked out in floating point (EU from Mondopoint).
  const slack = 1e-9;
  if (value < need.target - need.under - slack) return -1;
  if (value > need.target + need.over + slack) return 1;
  return 0;
}

/**
 * Whether a chosen size fails the rider, and how: skis, boards and poles far longer or shorter
 * than the rider's height (and ability, and weight for boards) calls for, boots more than one
 * size from the rider's, an adult's helmet on a child or a child's on an adult. Null when it fits,
 * or when nothing tells (no measurement, a size in words): a warning, never a refusal.
 */
export function sizeMisfit(
  category: Category,
  attributes: readonly SizeAttribute[],
  size: Record<string, string>,
  rider: RiderFields,
): SizeMisfit | null {
  const s = sizing(category, attributes, rider);
  const value = s?.value(size[s.attribute.id]);
  if (!s || value === null || value === undefined) return null;
  const where = side(s.need, value);
  if (where === 0) return null;
  const problem: FitProblem =
    s.gear === 'helmet'
      ? where > 0
        ? 'adultSize'
        : 'childSize'
      : s.gear === 'boot'
        ? where > 0
          ? 'tooBig'
          : 'tooSmall'
        : where > 0
          ? 'tooLong'
          : 'tooShort';
  return { gear: s.gear, problem };
}

/** Between two sizes as close, the easier board or pole, the roomier boot or helmet. */
function closer(gear: SizedGear, need: Need, a: number, b: number): boolean {
  const gap = Math.abs(a - need.target) - Math.abs(b - need.target);
  if (Math.abs(gap) > 1e-9) return gap < 0;
  return gear === 'boot' || gear === 'helmet' ? a > b : a < b;
}

/**
 * Of the kinds offered (the caller passes those still free), the one that fits the rider best:
 * the closest to what they need, keeping the chosen kind's other size values (a snowboard's
 * stance …) where one like that fits. Null when none that fits is offered, or nothing tells.
 */
export function fittingKind<K extends { size: Record<string, string> }>(
  category: Category,
  attributes: readonly SizeAttribute[],
  kinds: readonly K[],
  rider: RiderFields,
  chosen?: Record<string, string> | null,
): K | null {
  const s = sizing(category, attributes, rider);
  if (!s) return null;
  const sameOtherwise = (kind: K) =>
    !chosen ||
    Object.entries(chosen).every(([id, v]) => id === s.attribute.id || kind.size[id] === v);
  let best: { kind: K; value: number; alike: boolean } | null = null;
  for (const kind of kinds) {
    const value = s.value(kind.size[s.attribute.id]);
    if (value === null || side(s.need, value) !== 0) continue;
    const alike = sameOtherwise(kind);
    if (
      !best ||
      (alike && !best.alike) ||
      (alike === best.alike && closer(s.gear, s.need, value, best.value))
    ) {
      best = { kind, value, alike };
    }
  }
  return best?.kind ?? null;
}

/**
 * For a category's size attributes, the option closest to what the rider needs (attribute id →
 * option): ski length from height and ability, snowboard length from height and weight, pole
 * length from height, boots from the Mondopoint (on the boots' scale). Helmets (no head
 * measurement), clothing and the rest are the rider's choice: no entry. Between two options a
 * board or pole is the shorter, a boot the larger.
 */
export function suggestedSize(
  category: Category,
  attributes: readonly SizeAttribute[],
  rider: RiderFields,
): Record<string, string> {
  if (sizedGear(category) === 'helmet') return {};
  const s = sizing(category, attributes, rider);
  if (!s) return {};
  let best: { option: string; value: number } | null = null;
  for (const option of s.attribute.options) {
    const value = s.value(option)!;
    if (!best || closer(s.gear, s.need, value, best.value)) best = { option, value };
  }
  return best === null ? {} : { [s.attribute.id]: best.option };
}
