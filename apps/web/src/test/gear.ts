import type { CatalogueCategory, Equipment, RateCardDto } from '@snowgear/contracts';
import { api } from '@/lib/api-client';

/**
 * Items of a demo kind that are the test's own, new at the store: `count` of them, named
 * `name 1`, `name 2` … with barcodes `prefix-<now>-1` … (10 a day, deposit 100), made through
 * the real API by whoever is signed in.
 */
export async function newGear(
  storeId: string,
  kind: string,
  name: string,
  prefix: string,
  { count = 2, dailyRentPrice = 10, deposit = 100 } = {},
): Promise<Equipment[]> {
  // The demo's kinds by their Chinese names, whichever language the test reads.
  const { items: categories } = await api.get<{ items: { id: string; name: string }[] }>(
    '/app/equipment/categories',
    { headers: { 'Accept-Language': 'zh-CN' } },
  );
  const categoryId = categories.find((c) => c.name === kind)!.id;
  const stamp = Date.now();
  const gear: Equipment[] = [];
  for (let n = 1; n <= count; n++) {
    gear.push(
      await api.post<Equipment>('/app/equipment', {
        storeId,
        categoryId,
        name: `${name} ${n}`,
        barcodeNumber: `${prefix}-${stamp}-${n}`,
        dailyRentPrice,
        deposit,
      }),
    );
  }
  return gear;
}

/**
 * A kind of gear of the test's own (no store stocks it, so no other test's order or catalog
 * meets it), priced on a card of the business: the rent of each length from 1 day, then each
 * further day, and the card's own deposit if given. Made by whoever is signed in (the super admin).
 */
export async function pricedKind(
  name: string,
  card: {
    lengths: number[];
    furtherDay: number;
    deposit?: number;
    halfDay?: number;
    /** One store's card; absent: the business's, for every store. */
    storeId?: string;
  },
): Promise<{ categoryId: string; cardId: string }> {
  const kind = await api.post<CatalogueCategory>('/app/catalogue/categories', {
    name,
    sizeKind: 'SmallEquipment',
  });
  const saved = await api.put<RateCardDto>('/app/rate-cards', {
    storeId: null,
    subjectKind: 'category',
    subjectId: kind.id,
    junior: false,
    ...card,
  });
  return { categoryId: kind.id, cardId: saved.id };
}
