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
  demoLevelPacks,
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
  const categoryId = (code: string) => {
    const name = demoCategories.find((c) => c.code === code)?.name;
    return categories.find((c) => c.name === name)?.id;
  };
  await seedLevelPacks(tx, tenantId, categoryId);
  const packs = await tx
    .select({ id: rentalPacks.id, name: rentalPacks.name })
    .from(rentalPacks)
    .where(
      and(
        eq(rentalPacks.tenantId, tenantId),
        isNull(rentalPacks.storeId),
        inArray(rentalPacks.name, Object.keys(demoPackCards)),
      ),
    );
  const row = (kind: 'category' | 'pack', subjectId: string, junior: boolean, card: DemoCard) => ({
    tenantId,
    storeId: null,
    subjectKind: kind,
    subjectId,
    junior,
    lengthsFen: card.lengths.map(fen),
    furtherDayFen: fen(card.furtherDay),
    depositFen: card.deposit === undefined ? null : fen(card.deposit),
    halfDayFen: card.halfDay === undefined ? null : fen(card.halfDay),
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

/**
 * The beginner's and premium packs beside the full sets (a pack of the same name is left as it
 * is), for every store whose stock has each of their kinds; the full snowboard set moves behind
 * its beginner's pack, so the booking page lists each sport's levels in order.
 */
async function seedLevelPacks(
  tx: Transaction,
  tenantId: string,
  categoryId: (code: string) => string | undefined,
) {
  const existing = await tx
    .select({ name: rentalPacks.name })
    .from(rentalPacks)
    .where(eq(rentalPacks.tenantId, tenantId));
  const fresh = demoLevelPacks.filter(
    (p) => !existing.some((e) => e.name === p.name) && p.components.every(categoryId),
  );
  if (fresh.length === 0) return;
  await tx.insert(rentalPacks).values(
    fresh.map((pack) => ({
      tenantId,
      name: pack.name,
      nameEn: pack.nameEn,
      description: pack.description,
      descriptionEn: pack.descriptionEn,
      dailyPriceFen: fen(pack.dailyRent),
      depositFen: fen(pack.deposit),
      categoryIds: pack.components.map((code) => categoryId(code)!),
      sortOrder: pack.sortOrder,
      grade: pack.grade ?? '',
    })),
  );
  const snowboard = demoPacks.find((p) => p.components[0] === 'SB');
  if (snowboard) {
    await tx
      .update(rentalPacks)
      .set({ sortOrder: 4 })
      .where(
        and(
          eq(rentalPacks.tenantId, tenantId),
          eq(rentalPacks.name, snowboard.name),
          eq(rentalPacks.sortOrder, 2),
        ),
      );
  }
}
