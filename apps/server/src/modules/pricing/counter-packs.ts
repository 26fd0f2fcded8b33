import { share } from '@snowgear/contracts';
import {
  priceRental,
  type PricedRental,
  type RentalLine,
  type RentalTermsInput,
  type RentalUnit,
} from './rental.js';
import type { StorePack, StorePricing } from './store-pricing.js';

/** What the counter's pricing says of each line beside its rent. */
export interface CounterPricing {
  priced: PricedRental;
  /** Per line: the pack it is part of, or null. */
  packOf: (StorePack | null)[];
  /** Per line: its daily price as kept on the order (a pack part's share of the pack's). */
  dailyFen: number[];
}

/**
 * A line fits a pack where its category has no grade (helmets, poles) or its gear is of the
 * pack's grade (contracts' `GRADE_ATTRIBUTE`): premium skis make the premium pack, skis of no
 * grade a pack of none, as a booking's pack holds them.
 */
function ofGrade(pricing: StorePricing, line: RentalLine, grade: string): boolean {
  if (!line.categoryId) return true;
  const attribute = pricing.gradeAttributeOf(line.categoryId);
  return attribute === null || (line.sizeValues?.[attribute] ?? '') === grade;
}

/**
 * A counter rental priced as a booking would price the same gear (issue 60, docs/pricing.md):
 * the gear one person takes that makes up a pack on sale at the store is priced as that pack, as
 * many times as it is there: the pack holding most of it (a shop's levels differ by what they
 * hold), among those the one saving most, and only a pack that costs less than its parts. The clerk scans gear; nobody
 * needs to know which pack it makes. A line the clerk priced by hand stays out of packs, and so
 * does gear for no one when the order names people (it cannot be told whose it is).
 *
 * `person[i]` is line i's person (its rider key; '' for none), `rider` what the pricing reads of
 * each person (for the junior rate).
 */
export function priceCounterRental(
  pricing: StorePricing,
  lines: RentalLine[],
  person: string[],
  rider: (key: string) => RentalUnit['rider'],
  terms: RentalTermsInput,
): CounterPricing {
  const packOf: (StorePack | null)[] = lines.map(() => null);
  const named = person.some((p) => p !== '');
  const groups = new Map<string, number[]>();
  person.forEach((key, i) => {
    if (lines[i]!.overridden || (named && key === '')) return;
    groups.set(key, [...(groups.get(key) ?? []), i]);
  });
  const units: RentalUnit[] = [];
  const asPack = (pack: StorePack, parts: number[]): RentalLine[] => {
    const daily = share(
      pack.dailyFen,
      parts.map((i) => lines[i]!.dailyFen),
    );
    const deposit = share(
      pack.depositFen,
      parts.map((i) => lines[i]!.depositFen),
    );
    return parts.map((i, k) => ({
      ...lines[i]!,
      // What the part costs alone stays the measure of the pack's saving.
      aloneDailyFen: lines[i]!.dailyFen,
      dailyFen: daily[k]!,
      depositFen: lines[i]!.depositOverridden ? lines[i]!.depositFen : deposit[k]!,
    }));
  };
  for (const [key, indices] of groups) {
    const who = rider(key);
    const free = new Set(indices);
    for (;;) {
      let best: { pack: StorePack; parts: number[]; saving: number } | null = null;
      for (const pack of pricing.packs) {
        const parts: number[] = [];
        for (const categoryId of pack.categoryIds) {
          const found = [...free].find(
            (i) =>
              lines[i]!.categoryId === categoryId &&
              !parts.includes(i) &&
              ofGrade(pricing, lines[i]!, pack.grade),
          );
          if (found === undefined) break;
          parts.push(found);
        }
        if (parts.length !== pack.categoryIds.length) continue;
        const alone = parts.reduce(
          (n, i) =>
            n +
            priceRental(pricing, [lines[i]!], [{ lines: [0], pack: null, rider: who }], terms)
              .rentFen,
          0,
        );
        const together = priceRental(
          pricing,
          asPack(pack, parts),
          [
            {
              lines: parts.map((_, k) => k),
              pack: { id: pack.id, name: pack.name, nameEn: pack.nameEn, dailyFen: pack.dailyFen },
              rider: who,
            },
          ],
          terms,
        ).rentFen;
        const saving = alone - together;
        // The pack holding most of what the person takes (someone with skis, boots, poles and a
        // helmet takes the full set, not the beginner's and a helmet), then the one saving most.
        if (
          saving > 0 &&
          (!best ||
            parts.length > best.parts.length ||
            (parts.length === best.parts.length && saving > best.saving))
        ) {
          best = { pack, parts, saving };
        }
      }
      if (!best) break;
      for (const i of best.parts) {
        free.delete(i);
        packOf[i] = best.pack;
      }
      units.push({
        lines: best.parts,
        pack: {
          id: best.pack.id,
          name: best.pack.name,
          nameEn: best.pack.nameEn,
          dailyFen: best.pack.dailyFen,
        },
        rider: who,
      });
    }
  }
  // The lines as priced: a pack's parts with their shares of its price and deposit.
  const priceable = [...lines];
  for (const unit of units) {
    const pack = packOf[unit.lines[0]!]!;
    asPack(pack, unit.lines).forEach((line, k) => {
      priceable[unit.lines[k]!] = line;
    });
  }
  // Every other line is a unit of its own, in the order's order.
  lines.forEach((_, i) => {
    if (!packOf[i]) units.push({ lines: [i], pack: null, rider: rider(person[i]!) });
  });
  units.sort((a, b) => a.lines[0]! - b.lines[0]!);
  return {
    priced: priceRental(pricing, priceable, units, terms),
    packOf,
    dailyFen: priceable.map((l) => l.dailyFen),
  };
}
