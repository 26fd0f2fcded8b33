import {
  dinSuggestion,
  estimatedSoleLengthMm,
  type CounterRider,
  type RiderFields,
} from '@snowgear/contracts';
import type { OrderCreateDraft, OrderCreateLine } from './order-create-form';

/** The people of a counter order (a group's members) and the gear each of them uses. */

/** A person with only a name, as a group's quick add makes them. */
export function namedRider(name: string, key = newRiderKey()): CounterRider {
  return {
    key,
    name: name.trim(),
    heightCm: null,
    weightKg: null,
    age: null,
    ability: null,
    bootSizeMondopoint: null,
    bootSoleLengthMm: null,
    stance: null,
    profileId: null,
  };
}

export function newRiderKey(): string {
  return `p${Math.random().toString(36).slice(2, 10)}`;
}

/** A line as added: for the selected person when working as a group. */
export function lineForActive(
  draft: Pick<OrderCreateDraft, 'group' | 'activeRider'>,
  line: OrderCreateLine,
): OrderCreateLine {
  return draft.group && draft.activeRider ? { ...line, riderKey: draft.activeRider } : line;
}

/** Lines grouped by their person, in the people's order, then those for no one (key null). */
export function linesByRider(
  riders: CounterRider[],
  items: OrderCreateLine[],
): { rider: CounterRider | null; lines: OrderCreateLine[] }[] {
  const keys = new Set(riders.map((r) => r.key));
  const groups: { rider: CounterRider | null; lines: OrderCreateLine[] }[] = riders.map(
    (rider) => ({
      rider,
      lines: items.filter((line) => line.riderKey === rider.key),
    }),
  );
  const nobody = items.filter((line) => !line.riderKey || !keys.has(line.riderKey));
  if (nobody.length > 0) groups.push({ rider: null, lines: nobody });
  return groups;
}

/**
 * The ISO 11088 suggestion for a rider on DIN-adjustable skis, as the booking and the bench work
 * it out (the boot's sole estimated from the foot when not measured); null without the data.
 */
export function riderDin(rider: Omit<RiderFields, 'name' | 'stance'>): number | null {
  return dinSuggestion({
    ...rider,
    bootSoleLengthMm: rider.bootSoleLengthMm ?? estimatedSoleLengthMm(rider.bootSizeMondopoint),
  });
}

/** The draft without a person: their lines are for no one any more. */
export function withoutRider(
  draft: Pick<OrderCreateDraft, 'riders' | 'items' | 'activeRider'>,
  key: string,
): Partial<OrderCreateDraft> {
  return {
    riders: draft.riders.filter((r) => r.key !== key),
    items: draft.items.map((line) => (line.riderKey === key ? { ...line, riderKey: null } : line)),
    activeRider: draft.activeRider === key ? null : draft.activeRider,
  };
}
