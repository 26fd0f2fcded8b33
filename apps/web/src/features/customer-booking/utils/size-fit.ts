import type { TFunction } from 'i18next';
import {
  fittingKind,
  sizeMisfit,
  type BookableCategory,
  type BookableKind,
  type CartRider,
  type SizedGear,
  type SizeMisfit,
} from '@snowgear/contracts';
import { riderFacts, type RiderFact } from '@/lib/rider-facts';

/** Whether a size of the category fails the rider, and how (contracts' sizing rules). */
export function misfitOf(
  category: BookableCategory,
  size: Record<string, string>,
  rider: CartRider | undefined,
): SizeMisfit | null {
  return rider ? sizeMisfit(category, category.sizeAttributes, size, rider) : null;
}

/** Of the kinds still free, the one that fits the rider best (null: none does). */
export function fittingFreeKind(
  category: BookableCategory,
  free: (kind: BookableKind) => number,
  rider: CartRider,
  chosen: Record<string, string>,
): BookableKind | null {
  const offered = category.kinds.filter((k) => free(k) > 0);
  return fittingKind(category, category.sizeAttributes, offered, rider, chosen);
}

/** The measurements each rule goes by, shown with the warning so it can be checked at a glance. */
function factsFor(gear: SizedGear, rider: CartRider): RiderFact[] {
  switch (gear) {
    case 'ski':
      return ['height', 'ability'];
    case 'snowboard':
      return ['height', 'weight'];
    case 'pole':
      return ['height'];
    case 'boot':
      return ['boot'];
    case 'helmet':
      return rider.age === null ? ['height'] : ['age'];
  }
}

/** The warning in words: '140 cm 对小宝（122 厘米 · I 型）太长'. */
export function misfitText(
  t: TFunction,
  misfit: SizeMisfit,
  rider: CartRider,
  sizeLabel: string,
): string {
  return t(`booking.fit.${misfit.problem}`, {
    size: sizeLabel,
    name: rider.name,
    facts: riderFacts(t, rider, factsFor(misfit.gear, rider)),
  });
}
