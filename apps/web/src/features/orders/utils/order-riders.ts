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

/**
 * Who a line just scanned is for, working as a family or group: the current person when they
 * have nothing of that kind yet, else the next one (in the order they were added, from the
 * current one on) without it, so a family's three pairs of skis, then three pairs of boots, go
 * one to each without a tap; the current person when everyone has one. The person it went to
 * becomes the current one. Not as a group (or nobody yet): the line is for no one.
 */
export function lineForNext(
  draft: Pick<OrderCreateDraft, 'group' | 'activeRider' | 'riders' | 'items'>,
  line: OrderCreateLine,
): { line: OrderCreateLine; activeRider: string | null } {
  if (!draft.group || draft.riders.length === 0) return { line, activeRider: draft.activeRider };
  const from = Math.max(
    0,
    draft.riders.findIndex((r) => r.key === draft.activeRider),
  );
  const inTurn = [...draft.riders.slice(from), ...draft.riders.slice(0, from)];
  const lacks = (key: string) =>
    !draft.items.some((l) => l.riderKey === key && l.categoryName === line.categoryName);
  const to = inTurn.find((r) => lacks(r.key))?.key ?? draft.activeRider ?? draft.riders[0]!.key;
  return { line: { ...line, riderKey: to }, activeRider: to };
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
