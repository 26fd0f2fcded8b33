/** Riders: who the gear is for, with what sizing and the binding's release value (DIN) need. */

/** ISO 11088 skier type: I cautious, II moderate, III aggressive. */
export const RiderAbility = { I: 'I', II: 'II', III: 'III' } as const;
export type RiderAbility = (typeof RiderAbility)[keyof typeof RiderAbility];
export const RiderStance = { Regular: 'regular', Goofy: 'goofy' } as const;
export type RiderStance = (typeof RiderStance)[keyof typeof RiderStance];

/**
 * The longest name of a person anywhere (a customer, a rider, an account's real name): a passport
 * prints a family name, a comma and given names, "O'BRIEN, MARY-JANE ELIZABETH", in up to 64
 * characters. Here, in a module that imports nothing, as the booking page's first load reads it.
 */
export const PERSON_NAME_MAX = 64;

export const RIDER_NAME_MAX = PERSON_NAME_MAX;

/** Bounds of a rider's measurements (a child of 80 cm to a tall adult). */
export const RIDER_LIMITS = {
  heightCm: { min: 80, max: 230 },
  weightKg: { min: 10, max: 200 },
  age: { min: 2, max: 100 },
  /** Mondopoint, centimetres (half sizes). */
  bootSizeMondopoint: { min: 15, max: 35 },
  bootSoleLengthMm: { min: 200, max: 380 },
} as const;

/** A saved rider's list (`GET /api/app/riders`): at most RIDERS_MAX per account. */
export const RIDERS_MAX = 10;

// ---- the binding's release value (DIN) ----------------------------------------------------------

/** What a binding's scale can be set to: quarter steps at the children's end, 0.75 to 14. */
export const DIN_SETTING = { min: 0.75, max: 14, step: 0.25 } as const;

/**
 * What the DIN suggestion reads of a rider: these fields of RiderFields (rider-schemas.ts), written
 * out here so the plain values need nothing of the schemas built on them.
 */
export interface DinRider {
  heightCm: number | null;
  weightKg: number | null;
  age: number | null;
  ability: RiderAbility | null;
  bootSoleLengthMm: number | null;
}

/*
 * The release value chart of ISO 11088 (assembly, adjustment and inspection of an alpine
 * ski/binding/boot system), as the binding makers print it for technicians (Marker's 2016/17 and
 * Rossignol/Look's 2016 adjustment charts, the table of ISO 11088:2018). Rows are the skier codes A
 * to O, columns the boot sole length; null where the chart is blank (no such skier wears such a
 * boot). docs/riders.md tells how it is read.
 */
const SOLE_LENGTH_UPPER_MM = [230, 250, 270, 290, 310, 330, 350]; // ≥ 351: the last column
const RELEASE_VALUES: readonly (readonly (number | null)[])[] = [
  /* A */ [0.75, 0.75, 0.75, null, null, null, null, null],
  /* B */ [1, 0.75, 0.75, 0.75, null, null, null, null],
  /* C */ [1.5, 1.25, 1.25, 1, null, null, null, null],
  /* D */ [2, 1.75, 1.5, 1.5, 1.25, null, null, null],
  /* E */ [2.5, 2.25, 2, 1.75, 1.5, 1.5, null, null],
  /* F */ [3, 2.75, 2.5, 2.25, 2, 1.75, 1.75, null],
  /* G */ [null, 3.5, 3, 2.75, 2.5, 2.25, 2, null],
  /* H */ [null, null, 3.5, 3, 3, 2.75, 2.5, null],
  /* I */ [null, null, 4.5, 4, 3.5, 3.5, 3, null],
  /* J */ [null, null, 5.5, 5, 4.5, 4, 3.5, 3],
  /* K */ [null, null, 6.5, 6, 5.5, 5, 4.5, 4],
  /* L */ [null, null, 7.5, 7, 6.5, 6, 5.5, 5],
  /* M */ [null, null, null, 8.5, 8, 7, 6.5, 6],
  /* N */ [null, null, null, 10, 9.5, 8.5, 8, 7.5],
  /* O */ [null, null, null, 11.5, 11, 10, 9.5, 9],
];
/** The lightest weight (kg) of skier codes A to M. */
const WEIGHT_FROM_KG = [10, 14, 18, 22, 26, 31, 36, 42, 49, 58, 67, 79, 95];
/** The shortest height (cm) of skier codes H to M: height only ever lowers a code to H. */
const HEIGHT_FROM_CM = [0, 149, 158, 167, 179, 195];
const CODE_H = 7;

/** The index of the last band whose lower bound `value` reaches (0 below them all). */
const band = (value: number, from: readonly number[]) =>
  Math.max(
    0,
    from.findLastIndex((lower) => value >= lower),
  );

/** The skier code (0 = A … 14 = O) before any correction: weight, or height where lower. */
export function skierCode(weightKg: number, heightCm: number): number {
  return Math.min(band(weightKg, WEIGHT_FROM_KG), CODE_H + band(heightCm, HEIGHT_FROM_CM));
}

/**
 * A boot's sole length (mm) from the foot's Mondopoint when the rider gives none (they rent the
 * boots, whose shells run about 40 mm longer than the foot: 26.5 → 305). The technician measures
 * the boot actually handed over; this only lets the suggestion be made ahead.
 */
export function estimatedSoleLengthMm(mondopoint: number | null): number | null {
  return mondopoint === null ? null : Math.round(mondopoint * 10 + 40);
}

/**
 * The ISO 11088 release value (DIN) for a rider, as a SUGGESTION for the technician, who sets
 * and confirms the binding; never applied on its own. The skier code comes from the weight (or
 * the height where that gives a lower code); one code down under 10 years and from 50; type II
 * one code up, type III two (type I, or no type given: none); then the chart's value for that
 * code and the boot sole length. Null without weight, height or sole length, or where the chart
 * has no value.
 */
export function dinSuggestion(rider: DinRider): number | null {
  const { weightKg, heightCm, bootSoleLengthMm: sole, age, ability } = rider;
  if (weightKg === null || heightCm === null || sole === null) return null;
  let code = skierCode(weightKg, heightCm);
  if (age !== null && (age < 10 || age >= 50)) code -= 1;
  if (ability === RiderAbility.II) code += 1;
  if (ability === RiderAbility.III) code += 2;
  code = Math.min(Math.max(code, 0), RELEASE_VALUES.length - 1);
  const column = SOLE_LENGTH_UPPER_MM.findIndex((upper) => sole <= upper);
  return RELEASE_VALUES[code]![column === -1 ? SOLE_LENGTH_UPPER_MM.length : column] ?? null;
}
