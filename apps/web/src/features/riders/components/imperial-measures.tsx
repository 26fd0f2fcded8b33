import { Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { cmToFeetInches, feetInchesToCm, lbToKg, RIDER_LIMITS } from '@snowgear/contracts';

/**
 * Heights in feet and inches and weights in pounds, as English readers may enter them: the
 * bounds in those units of what a rider may be (kept as whole cm and kg), and the two-box input.
 */

export interface FeetInches {
  feet: string;
  inches: string;
}

/** The whole units (inches, pounds) whose kept value (whole cm, kg) lies within the bounds. */
function wholeUnitsWithin(toKept: (n: number) => number, bounds: { min: number; max: number }) {
  let min = 0;
  while (toKept(min) < bounds.min) min++;
  let max = min;
  while (toKept(max + 1) <= bounds.max) max++;
  return { min, max };
}

export const HEIGHT_INCHES = wholeUnitsWithin((n) => feetInchesToCm(0, n), RIDER_LIMITS.heightCm);
export const WEIGHT_LB = wholeUnitsWithin(lbToKg, RIDER_LIMITS.weightKg);

/** Whole inches in all of a height given in feet and inches; null if not a height so given. */
export function inchesOf(value: FeetInches | undefined): number | null {
  const feet = value?.feet.trim() ?? '';
  const inches = value?.inches.trim() ?? '';
  if (!/^\d{1,2}$/.test(feet) || !/^\d{0,2}$/.test(inches)) return null;
  const total = Number(feet) * 12 + Number(inches || 0);
  return Number(inches || 0) < 12 && total >= HEIGHT_INCHES.min && total <= HEIGHT_INCHES.max
    ? total
    : null;
}

export const emptyFeetInches = (value: FeetInches | undefined) =>
  !value || (!value.feet.trim() && !value.inches.trim());

export function feetInchesOf(cm: number | null | undefined): FeetInches {
  if (cm === null || cm === undefined) return { feet: '', inches: '' };
  const { feet, inches } = cmToFeetInches(cm);
  return { feet: String(feet), inches: String(inches) };
}

/** A height in two boxes, feet and inches, each named for a screen reader. */
export function FeetInchesInput({
  value,
  onChange,
}: {
  value?: FeetInches;
  onChange?: (value: FeetInches) => void;
}) {
  const { t } = useTranslation();
  const current = value ?? { feet: '', inches: '' };
  return (
    <div className="feet-inches">
      <Input
        inputMode="numeric"
        aria-label={t('riders.feet')}
        value={current.feet}
        onChange={(feet) => onChange?.({ ...current, feet })}
      />
      <span aria-hidden>ft</span>
      <Input
        inputMode="numeric"
        aria-label={t('riders.inches')}
        value={current.inches}
        onChange={(inches) => onChange?.({ ...current, inches })}
      />
      <span aria-hidden>in</span>
    </div>
  );
}
