import { BusinessParameterKey as P } from '@snowgear/contracts';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Transaction } from '@/db/client.js';
import {
  businessParameters,
  equipmentCategories,
  priceSeasons,
  rateCards,
  rentalPacks,
} from '@/db/schema.js';
import { demoCategories, demoPacks } from './data/inventory.js';
import {
  demoCategoryCards,
  demoEarlyBooking,
  demoPackCards,
  demoSeasons,
  type DemoCard,
} from './data/pricing.js';

const fen = (yuan: number) => yuan * 100;

/**
 * The demo's Chongli prices, for every store (the business's cards and seasons), loaded once: a
 * business that already has a card or a season keeps what it set, and so does its early-booking
 * discount. `today` (the store's calendar) picks the winter whose seasons are loaded.
 */
export async function seedDemoPricing(tx: Transaction, tenantId: string, today: string) {
  const [anyCard] = await tx
    .select({ id: rateCards.id })
    .from(rateCards)
    .where(eq(rateCards.tenantId, tenantId))
    .limit(1);
  const [anySeason] = await tx
    .select({ id: priceSeasons.id })
    .from(priceSeasons)
    .where(eq(priceSeasons.tenantId, tenantId))
    .limit(1);
  if (anyCard || anySeason) return;

  const categories = await tx
    .select({ id: equipmentCategories.id, name: equipmentCategories.name })
    .from(equipmentCategories)
    .where(eq(equipmentCategories.tenantId, tenantId));
  const packs = await tx
    .select({ id: rentalPacks.id, name: rentalPacks.name })
    .from(rentalPacks)
    .where(
      and(
        eq(rentalPacks.tenantId, tenantId),
        isNull(rentalPacks.storeId),
        inArray(
          rentalPacks.name,
          demoPacks.map((p) => p.name),
        ),
      ),
    );
  const categoryId = (code: string) => {
    const name = demoCategories.find((c) => c.code === code)?.name;
    return categories.find((c) => c.name === name)?.id;
  };
  const row = (kind: 'category' | 'pack', subjectId: string, junior: boolean, card: DemoCard) => ({
    tenantId,
    storeId: null,
    subjectKind: kind,
    subjectId,
    junior,
    lengthsFen: card.lengths.map(fen),
    furtherDayFen: fen(card.furtherDay),
    depositFen: card.deposit === undefined ? null : fen(card.deposit),
  });
  const rows = [
    ...Object.entries(demoCategoryCards).flatMap(([code, cards]) => {
      const id = categoryId(code);
      return id ? subjectRows('category', id, cards) : [];
    }),
    ...Object.entries(demoPackCards).flatMap(([name, cards]) => {
      const id = packs.find((p) => p.name === name)?.id;
      return id ? subjectRows('pack', id, cards) : [];
    }),
  ];
  function subjectRows(
    kind: 'category' | 'pack',
    id: string,
    cards: { adult: DemoCard; junior?: DemoCard },
  ) {
    return [
      row(kind, id, false, cards.adult),
      ...(cards.junior ? [row(kind, id, true, cards.junior)] : []),
    ];
  }
  if (rows.length > 0) await tx.insert(rateCards).values(rows);
  await tx.insert(priceSeasons).values(
    demoSeasons(today).map((s) => ({
      tenantId,
      storeId: null,
      fromDay: s.from,
      toDay: s.to,
      percent: s.percent,
      weekendPercent: s.weekendPercent ?? null,
      name: s.name,
      nameEn: s.nameEn,
    })),
  );
  for (const [key, value] of [
    [P.EarlyBookingDays, demoEarlyBooking.days],
    [P.EarlyBookingPercent, demoEarlyBooking.percent],
  ] as const) {
    await tx
      .update(businessParameters)
      .set({ value: String(value) })
      .where(
        and(
          eq(businessParameters.tenantId, tenantId),
          isNull(businessParameters.storeId),
          eq(businessParameters.key, key),
        ),
      );
  }
}
