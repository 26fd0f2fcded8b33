import type { FastifyRequest } from 'fastify';
import { and, asc, eq, gt, inArray, isNull, lt, or } from 'drizzle-orm';
import {
  BOOKING_START_GRACE_MINUTES,
  bookingSlots,
  clockMinutes,
  BusinessParameterKey,
  childSized,
  clockText,
  DeliveryMethod,
  EquipmentStatus,
  GRADE_ATTRIBUTE,
  ErrorCode,
  formatSize,
  OrderType,
  ReturnMethod,
  RIDERS_MAX,
  RoleName,
  share,
  sizedGear,
  type BookableCategory,
  FULL_DAYS_AHEAD,
  type BookingCart,
  type BookingCatalog,
  type BookingQuote,
  type CartRider,
  type Order,
  type QuoteLine,
  type QuoteShortage,
  type SizeAttribute,
} from '@snowgear/contracts';
import type { Database } from '@/db/client.js';
import {
  attributeDefinitions,
  equipment,
  equipmentCategories,
  equipmentUnavailableTimes,
  rentalPacks,
  stores,
  users,
} from '@/db/schema.js';
import { agreementVersion } from '@/lib/agreement.js';
import { businessParameter } from '@/lib/business-parameters.js';
import { AppError, notFound } from '@/lib/errors.js';
import { localClock, localMinute, zonedMidnight } from '@/lib/local-time.js';
import { inLanguage, optionInLanguage } from '@/lib/english.js';
import { isEnglish, message, type MessageKey } from '@/lib/messages.js';
import { findSystemSettings } from '@/modules/config-distribution/repository.js';
import { SystemSettingKey } from '@/modules/config-distribution/system-setting-keys.js';
import { kindStock, sizeKey, type KindStock } from '@/modules/orders/capacity.js';
import { feeParameter, priceOrder, toYuan } from '@/modules/orders/pricing.js';
import { agentOfReferral } from '@/modules/agents/service.js';
import { riderSnapshot } from '@/modules/orders/counter-order.js';
import { OrdersService, type OrderCreateExtras } from '@/modules/orders/service.js';
import { deliveryWindowOf } from '@/modules/orders/delivery-window.js';
import { unpaidTimeoutHours } from '@/modules/orders/sweep.js';
import { sharedStorePricing } from '@/modules/pricing/store-pricing.js';
import { packPictureUrl } from '@/modules/rental-packs/service.js';
import {
  priceRental,
  type PricedRental,
  type PricedRentalUnit,
  type RentalUnit,
} from '@/modules/pricing/rental.js';
import { countRiders, insertRider, lockOwner, updateRider } from '@/modules/riders/repository.js';
import { businessYear, toRiderValues } from '@/modules/riders/service.js';

const DAY_MS = 86_400_000;

/** A cart line as booked: one kind for a rider (a pack gives one per component). */
interface BookedLine {
  cartIndex: number;
  categoryId: string;
  /** In the reader's language, as are the size's label and the pack's name. */
  categoryName: string;
  size: Record<string, string>;
  sizeLabel: string;
  equipmentId: string | null;
  /** The specific item's barcode, when the line names one. */
  barcodeNumber: string | null;
  riderKey: string | null;
  packId: string | null;
  packName: string;
  /** The pack's names as kept on the order, in both languages. */
  packNames: { zh: string; en: string };
  /** The category's names in both languages, for the order's fee lines. */
  labels: { zh: string; en: string };
  dailyFen: number;
  depositFen: number;
  free: number;
  /** In a size only a child wears (null: not sized): a rental all in those is a junior's. */
  childSize: boolean | null;
}

type StoreRow = typeof stores.$inferSelect;

type SizeAttributeRow = {
  id: string;
  categoryId: string | null;
  name: string;
  displayName: string;
  displayNameEn: string;
  unit: string;
  options: string[];
  optionsEn: string[];
  sortOrder: number;
};

/**
 * The customer's booking: what a store can rent for a window (kinds and packs, with how many are
 * free now), a cart priced as a quote, and the booking itself, an Online order that holds every
 * line (orders/capacity.ts) and waits for payment.
 */
export class BookingService {
  constructor(
    private readonly db: Database,
    private readonly request: FastifyRequest,
    private readonly timeZone: string,
  ) {}

  private get tenantId() {
    return this.request.tenantId;
  }
  private msg(key: MessageKey, params?: Record<string, string | number>) {
    return message(this.request, key, params);
  }
  private get english() {
    return isEnglish(this.request);
  }

  /** A size attribute as the reader sees it: its name and each option in their language. */
  private sizeAttribute(a: SizeAttributeRow): SizeAttribute {
    return {
      id: a.id,
      name: a.name,
      displayName: inLanguage(this.english, a.displayName, a.displayNameEn),
      unit: a.unit,
      options: a.options,
      optionLabels: a.options.map((o) => optionInLanguage(this.english, a.options, a.optionsEn, o)),
    };
  }

  private async store(storeId: string) {
    const [store] = await this.db
      .select()
      .from(stores)
      .where(
        and(eq(stores.tenantId, this.tenantId), eq(stores.id, storeId), eq(stores.isActive, true)),
      );
    if (!store) throw notFound(ErrorCode.StoreNotFound, this.msg('StoreNotFound'));
    return store;
  }

  private async sizeAttributes(): Promise<SizeAttributeRow[]> {
    return this.db
      .select({
        id: attributeDefinitions.id,
        categoryId: attributeDefinitions.categoryId,
        name: attributeDefinitions.name,
        displayName: attributeDefinitions.displayName,
        displayNameEn: attributeDefinitions.displayNameEn,
        unit: attributeDefinitions.unit,
        options: attributeDefinitions.options,
        optionsEn: attributeDefinitions.optionsEn,
        sortOrder: attributeDefinitions.sortOrder,
      })
      .from(attributeDefinitions)
      .where(
        and(
          eq(attributeDefinitions.tenantId, this.tenantId),
          eq(attributeDefinitions.isSize, true),
          eq(attributeDefinitions.isEnabled, true),
        ),
      )
      .orderBy(asc(attributeDefinitions.sortOrder));
  }

  private async categories() {
    return this.db
      .select()
      .from(equipmentCategories)
      .where(eq(equipmentCategories.tenantId, this.tenantId))
      .orderBy(asc(equipmentCategories.sortOrder), asc(equipmentCategories.name));
  }

  private async packs(storeId: string) {
    return this.db
      .select()
      .from(rentalPacks)
      .where(
        and(
          eq(rentalPacks.tenantId, this.tenantId),
          eq(rentalPacks.isActive, true),
          or(isNull(rentalPacks.storeId), eq(rentalPacks.storeId, storeId)),
        ),
      )
      .orderBy(asc(rentalPacks.sortOrder), asc(rentalPacks.name));
  }

  /**
   * The rental's window and the store's prices for it: whole days of 24 hours, or a half day from
   * the store's afternoon start to its closing that day (docs/pricing.md), refused (400) where the
   * store prices no half days or the start is before its afternoon.
   */
  private async window(
    store: { id: string; closeTime: string },
    rentalStartTime: string,
    days: number,
    halfDay: boolean,
  ) {
    const start = new Date(rentalStartTime);
    const startDay = localMinute(start, this.timeZone).slice(0, 10);
    const pricing = await sharedStorePricing(this.db, this.tenantId, store.id, startDay);
    if (!halfDay)
      return { start, end: new Date(start.getTime() + days * DAY_MS), startDay, pricing };
    if (!pricing.halfDays) {
      throw new AppError(
        400,
        ErrorCode.BookingHalfDayNotOffered,
        this.msg('BookingHalfDayNotOffered'),
      );
    }
    if (localClock(start, this.timeZone).minutes < pricing.halfDayFrom) {
      throw new AppError(
        400,
        ErrorCode.BookingTimeNotOffered,
        this.msg('BookingHalfDayTooEarly', { from: clockText(pricing.halfDayFrom) }),
      );
    }
    const close = clockMinutes(store.closeTime) ?? 24 * 60 - 1;
    const end = new Date(zonedMidnight(startDay, this.timeZone).getTime() + close * 60_000);
    return { start, end: end > start ? end : start, startDay, pricing };
  }

  // ---- the catalog -----------------------------------------------------------------------------

  async catalog(query: {
    storeId: string;
    rentalStartTime: string;
    days: number;
    halfDay?: boolean;
  }): Promise<BookingCatalog> {
    const halfDay = query.halfDay === true && query.days === 1;
    const { start, end, startDay, pricing } = await this.window(
      await this.store(query.storeId),
      query.rentalStartTime,
      query.days,
      halfDay,
    );
    const [categories, attributes, stock, packs] = await Promise.all([
      this.categories(),
      this.sizeAttributes(),
      kindStock(this.db, this.tenantId, query.storeId, start, end),
      this.packs(query.storeId),
    ]);
    // Each kind and pack for the catalog's days, as an adult's quote prices it (docs/pricing.md).
    const terms = {
      start: startDay,
      bookedOn: localMinute(new Date(), this.timeZone).slice(0, 10),
      days: query.days,
      halfDay,
      online: !this.isAgent,
    };
    const alone = (
      parts: { categoryId: string; dailyFen: number; childSize?: boolean | null }[],
      pack: RentalUnit['pack'],
    ) =>
      priceRental(
        pricing,
        parts.map((p) => ({ ...p, label: '', labelEn: '', depositFen: 0 })),
        [{ lines: parts.map((_, i) => i), pack, rider: null }],
        terms,
      ).units[0]!;
    const bookable: BookableCategory[] = [];
    for (const category of categories) {
      const kinds = stock.filter((k) => k.categoryId === category.id);
      if (kinds.length === 0) continue;
      const sizeAttributes = attributesOf(attributes, category.id);
      kinds.sort((a, b) => compareSizes(a.size, b.size, sizeAttributes));
      const shown = sizeAttributes.map((a) => this.sizeAttribute(a));
      // A size only a child wears costs what the junior card says, whoever books it.
      const rentOf = (k: KindStock) =>
        alone(
          [
            {
              categoryId: category.id,
              dailyFen: k.minDailyFen,
              childSize: childSized(category, sizeAttributes, k.size),
            },
          ],
          null,
        ).rentFen;
      bookable.push({
        id: category.id,
        name: inLanguage(this.english, category.name, category.nameEn),
        sizeKind: category.sizeKind,
        dinAdjustable: category.dinAdjustable,
        gear: sizedGear(category),
        sizeAttributes: shown,
        kinds: kinds.map((k) => ({
          size: k.size,
          label: formatSize(k.size, shown),
          dailyPrice: toYuan(k.minDailyFen),
          rent: toYuan(rentOf(k)),
          deposit: toYuan(k.minDepositFen),
          free: k.free,
        })),
        fromDailyPrice: toYuan(Math.min(...kinds.map((k) => k.minDailyFen))),
        fromRent: toYuan(Math.min(...kinds.map(rentOf))),
        free: kinds.reduce((n, k) => n + k.free, 0),
      });
    }
    // A pack's part of its grade (where the part's category has grades): the kinds of that grade.
    const ofGrade = (categoryId: string, grade: string) =>
      stock.filter(
        (k) =>
          k.categoryId === categoryId &&
          sizeKey(inGrade(attributes, categoryId, k.size, grade)) === k.sizeKey,
      );
    const cheapest = (categoryId: string, grade: string) =>
      Math.min(...ofGrade(categoryId, grade).map((k) => k.minDailyFen));
    return {
      storeId: query.storeId,
      rentalStartTime: start.toISOString(),
      rentalEndTime: end.toISOString(),
      days: query.days,
      halfDay,
      halfDayFrom: pricing.halfDays ? clockText(pricing.halfDayFrom) : null,
      categories: bookable,
      // A pack is offered where the store rents every one of its kinds, in its grade.
      packs: packs
        .filter((p) =>
          p.categoryIds.every(
            (id) => bookable.some((c) => c.id === id) && ofGrade(id, p.grade).length > 0,
          ),
        )
        .map((p) => ({
          id: p.id,
          name: inLanguage(this.english, p.name, p.nameEn),
          description: inLanguage(this.english, p.description, p.descriptionEn),
          pictureUrl: packPictureUrl(p.pictureFileId),
          dailyPrice: toYuan(p.dailyPriceFen),
          deposit: toYuan(p.depositFen),
          categoryIds: p.categoryIds,
          grade: p.grade,
          separateDailyPrice: toYuan(
            p.categoryIds.reduce((sum, id) => sum + cheapest(id, p.grade), 0),
          ),
          ...packRents(
            alone(
              p.categoryIds.map((id) => ({ categoryId: id, dailyFen: cheapest(id, p.grade) })),
              { id: p.id, name: p.name, nameEn: p.nameEn, dailyFen: p.dailyPriceFen },
            ),
          ),
        })),
    };
  }

  // ---- the quote -------------------------------------------------------------------------------

  /** The cart's lines with their prices and what is free now; 400 for a cart that names nothing real. */
  private async expand(cart: BookingCart): Promise<{
    lines: BookedLine[];
    start: Date;
    end: Date;
    store: StoreRow;
    priced: PricedRental;
  }> {
    const store = await this.store(cart.storeId);
    const { start, end, startDay, pricing } = await this.window(
      store,
      cart.rentalStartTime,
      cart.days,
      cart.halfDay,
    );
    const [categories, attributes, stock, packs] = await Promise.all([
      this.categories(),
      this.sizeAttributes(),
      kindStock(this.db, this.tenantId, cart.storeId, start, end),
      this.packs(cart.storeId),
    ]);
    const specificIds = cart.lines.flatMap((l) =>
      l.type === 'item' && l.equipmentId ? [l.equipmentId] : [],
    );
    const specific = specificIds.length
      ? await this.db
          .select()
          .from(equipment)
          .where(and(eq(equipment.tenantId, this.tenantId), inArray(equipment.id, specificIds)))
      : [];
    // A specific item is free when it is for rent and nothing holds it in the window.
    const held = new Set(
      specificIds.length
        ? (
            await this.db
              .select({ id: equipmentUnavailableTimes.equipmentId })
              .from(equipmentUnavailableTimes)
              .where(
                and(
                  inArray(equipmentUnavailableTimes.equipmentId, specificIds),
                  lt(equipmentUnavailableTimes.startAt, end),
                  gt(equipmentUnavailableTimes.endAt, start),
                ),
              )
          ).map((r) => r.id)
        : [],
    );
    const forRent: number[] = [EquipmentStatus.Available, EquipmentStatus.InUse];
    const kindOf = (categoryId: string, size: Record<string, string>): KindStock | undefined =>
      stock.find((k) => k.categoryId === categoryId && k.sizeKey === sizeKey(size));
    const line = (
      cartIndex: number,
      categoryId: string,
      size: Record<string, string>,
      extra: Pick<BookedLine, 'riderKey' | 'packId' | 'packName' | 'packNames'>,
    ): BookedLine => {
      const category = categories.find((c) => c.id === categoryId);
      if (!category) {
        throw new AppError(400, ErrorCode.CategoryNotFound, this.msg('CategoryNotFound'));
      }
      const kind = kindOf(categoryId, size);
      return {
        cartIndex,
        categoryId,
        categoryName: inLanguage(this.english, category.name, category.nameEn),
        size,
        sizeLabel: formatSize(
          size,
          attributesOf(attributes, categoryId).map((a) => this.sizeAttribute(a)),
        ),
        equipmentId: null,
        barcodeNumber: null,
        ...extra,
        labels: { zh: category.name, en: category.nameEn },
        dailyFen: kind?.minDailyFen ?? 0,
        depositFen: kind?.minDepositFen ?? 0,
        free: kind?.free ?? 0,
        childSize: childSized(category, attributesOf(attributes, categoryId), size),
      };
    };

    const lines: BookedLine[] = [];
    /** A pack part's own daily price, by its line (its `dailyFen` is its share of the pack's). */
    const aloneDaily = new Map<number, number>();
    const units: RentalUnit[] = [];
    const riderOf = (key: string | null) => {
      const rider = cart.riders.find((r) => r.key === key);
      return rider ? { name: rider.name, age: rider.age } : null;
    };
    cart.lines.forEach((cartLine, index) => {
      if (cartLine.type === 'item') {
        units.push({ lines: [lines.length], pack: null, rider: riderOf(cartLine.riderKey) });
        const booked = line(index, cartLine.categoryId, cartLine.size, {
          riderKey: cartLine.riderKey,
          packId: null,
          packName: '',
          packNames: { zh: '', en: '' },
        });
        if (cartLine.equipmentId) {
          const item = specific.find((e) => e.id === cartLine.equipmentId);
          if (!item || item.storeId !== cart.storeId || item.categoryId !== cartLine.categoryId) {
            throw notFound(ErrorCode.EquipmentNotFound, this.msg('EquipmentNotFound'));
          }
          booked.equipmentId = item.id;
          booked.barcodeNumber = item.barcodeNumber;
          booked.dailyFen = item.dailyRentPriceFen;
          booked.depositFen = item.depositFen;
          booked.free = forRent.includes(item.status) && !held.has(item.id) ? 1 : 0;
        }
        lines.push(booked);
        return;
      }
      const pack = packs.find((p) => p.id === cartLine.packId);
      const components = cartLine.components.map((c) => c.categoryId);
      if (!pack || components.join() !== pack.categoryIds.join()) {
        throw new AppError(400, ErrorCode.Validation, this.msg('BookingPackChanged'));
      }
      const parts = cartLine.components.map((c) =>
        line(index, c.categoryId, inGrade(attributes, c.categoryId, c.size, pack.grade), {
          riderKey: cartLine.riderKey,
          packId: pack.id,
          packName: inLanguage(this.english, pack.name, pack.nameEn),
          packNames: { zh: pack.name, en: pack.nameEn },
        }),
      );
      units.push({
        lines: parts.map((_, i) => lines.length + i),
        pack: { id: pack.id, name: pack.name, nameEn: pack.nameEn, dailyFen: pack.dailyPriceFen },
        rider: riderOf(cartLine.riderKey),
      });
      // The pack's price is shared over its parts in proportion to what each costs alone.
      const daily = share(
        pack.dailyPriceFen,
        parts.map((p) => p.dailyFen),
      );
      const deposit = share(
        pack.depositFen,
        parts.map((p) => p.depositFen),
      );
      parts.forEach((p, i) => {
        // What the part costs alone stays the measure of the pack's saving.
        aloneDaily.set(lines.length + i, p.dailyFen);
        p.dailyFen = daily[i]!;
        p.depositFen = deposit[i]!;
      });
      lines.push(...parts);
    });
    const priced = priceRental(
      pricing,
      lines.map((l, i) => ({
        categoryId: l.categoryId,
        label: l.labels.zh,
        labelEn: l.labels.en,
        dailyFen: l.dailyFen,
        aloneDailyFen: aloneDaily.get(i),
        depositFen: l.depositFen,
        childSize: l.childSize,
        // A named item at its own price: the kind's card, where one is set, prices it as well.
      })),
      units,
      {
        start: startDay,
        bookedOn: localMinute(new Date(), this.timeZone).slice(0, 10),
        days: cart.days,
        halfDay: cart.halfDay,
        // Online, the customer's own booking; an agent's and the counter's go without the discount.
        online: !this.isAgent,
      },
    );
    // A card's own deposit (a junior card's is lower) is what each line holds.
    priced.lines.forEach((p, i) => {
      lines[i]!.depositFen = p.depositFen;
    });
    return { lines, start, end, store, priced };
  }

  /** The caller books as an agent (for a customer): no early-booking discount. */
  private get isAgent() {
    return this.request.user?.roles.includes(RoleName.Agent) ?? false;
  }

  /**
   * The days the booking calendar greys as fully booked: from `from`, FULL_DAYS_AHEAD days on,
   * each day on which some kind of the cart has fewer items free than the cart wants, for the
   * cart's length starting at its time of day. One stock count per day, of the cart's categories
   * only; a specific item of the cart ("book this item") is not counted (its own page says when it
   * is free).
   */
  async fullDays(cart: BookingCart, from: string): Promise<string[]> {
    const { lines, start, end } = await this.expand(cart);
    const kinds = lines.filter((l) => !l.equipmentId);
    if (kinds.length === 0) return [];
    const wanted = new Map<string, { categoryId: string; size: string; count: number }>();
    for (const l of kinds) {
      const key = `${l.categoryId} ${sizeKey(l.size)}`;
      const entry = wanted.get(key) ?? {
        categoryId: l.categoryId,
        size: sizeKey(l.size),
        count: 0,
      };
      entry.count += 1;
      wanted.set(key, entry);
    }
    const categoryIds = [...new Set(kinds.map((l) => l.categoryId))];
    const clock = localClock(start, this.timeZone).minutes;
    const length = end.getTime() - start.getTime();
    const full: string[] = [];
    for (let i = 0; i < FULL_DAYS_AHEAD; i += 1) {
      const dayStart = new Date(zonedMidnight(from, this.timeZone, i).getTime() + clock * 60_000);
      const stock = await kindStock(
        this.db,
        this.tenantId,
        cart.storeId,
        dayStart,
        new Date(dayStart.getTime() + length),
        categoryIds,
      );
      const short = [...wanted.values()].some(
        (w) =>
          (stock.find((k) => k.categoryId === w.categoryId && k.sizeKey === w.size)?.free ?? 0) <
          w.count,
      );
      if (short) full.push(localMinute(dayStart, this.timeZone).slice(0, 10));
    }
    return full;
  }

  private shortages(lines: BookedLine[]): QuoteShortage[] {
    const wanted = new Map<string, { line: BookedLine; count: number }>();
    for (const line of lines) {
      const key = line.equipmentId ?? `${line.categoryId} ${sizeKey(line.size)}`;
      const entry = wanted.get(key) ?? { line, count: 0 };
      entry.count += 1;
      wanted.set(key, entry);
    }
    const short: QuoteShortage[] = [];
    for (const [key, { line, count }] of wanted) {
      // A specific item is one item: free (1) or not (0).
      const free = line.free;
      if (count > free) {
        short.push({
          cartIndex: line.cartIndex,
          categoryId: line.categoryId,
          categoryName: line.categoryName,
          sizeLabel: line.equipmentId ? key : line.sizeLabel,
          wanted: count,
          free,
        });
      }
    }
    return short;
  }

  async quote(cart: BookingCart): Promise<BookingQuote> {
    const { lines, start, end, store, priced } = await this.expand(cart);
    const windowMinutes = deliveryWindowOf(store, start, cart.deliveryMethod, this.timeZone);
    const [[deliveryFee, pickupFee], orderTimeoutHours] = await Promise.all([
      this.fees(cart),
      unpaidTimeoutHours(this.db, this.tenantId, cart.storeId),
    ]);
    const { feeItems, totalFen } = priceOrder({
      rents: priced.units,
      lines: lines.map((l) => ({ label: l.categoryName, depositFen: l.depositFen })),
      deliveryFeeFen: deliveryFee,
      pickupFeeFen: pickupFee,
      discountFen: 0,
      labels: { delivery: '', pickup: '', discount: '' },
    });
    const sum = (kind: string) =>
      feeItems.filter((f) => f.kind === kind).reduce((n, f) => n + f.amountFen, 0);
    return {
      storeId: cart.storeId,
      rentalStartTime: start.toISOString(),
      rentalEndTime: end.toISOString(),
      days: cart.days,
      lines: lines.map((l, i): QuoteLine => ({
        cartIndex: l.cartIndex,
        categoryId: l.categoryId,
        categoryName: l.categoryName,
        size: l.size,
        sizeLabel: l.sizeLabel,
        riderKey: l.riderKey,
        packId: l.packId,
        packName: l.packName,
        barcodeNumber: l.barcodeNumber,
        dailyPrice: toYuan(l.dailyFen),
        deposit: toYuan(l.depositFen),
        rent: toYuan(priced.lines[i]!.rentFen),
        free: l.free,
      })),
      prices: priced.units.map((u) => ({
        cartIndex: lines[u.lines[0]!]!.cartIndex,
        rent: toYuan(u.rentFen),
        earlyBookingOff: toYuan(u.earlyOffFen),
        packSaving: toYuan(
          lines[u.lines[0]!]!.packId ? Math.max(0, u.priced.aloneRentFen - u.rentFen) : 0,
        ),
        junior: u.junior,
        explanation: !u.explained
          ? ''
          : this.english
            ? u.descriptionEn || u.description
            : u.description,
      })),
      earlyBookingOff: toYuan(priced.units.reduce((n, u) => n + u.earlyOffFen, 0)),
      rent: toYuan(sum('Rent')),
      deposit: toYuan(sum('Deposit')),
      deliveryFee: toYuan(deliveryFee),
      pickupFee: toYuan(pickupFee),
      total: toYuan(totalFen),
      shortages: this.shortages(lines),
      // What the customer confirms: the way there and back as asked, and the store's time to pay.
      deliveryMethod: cart.deliveryMethod,
      deliveryAddress: cart.deliveryAddress,
      returnMethod: cart.returnMethod,
      returnAddress: cart.returnAddress,
      orderTimeoutHours,
      deliveryWindowEnd: windowMinutes
        ? new Date(start.getTime() + windowMinutes * 60_000).toISOString()
        : null,
    };
  }

  private async fees(cart: BookingCart): Promise<[number, number]> {
    const [delivery, pickup] = await Promise.all([
      cart.deliveryMethod === DeliveryMethod.Delivery
        ? businessParameter(this.db, this.tenantId, cart.storeId, BusinessParameterKey.DeliveryFee)
        : null,
      cart.returnMethod === ReturnMethod.Pickup
        ? businessParameter(this.db, this.tenantId, cart.storeId, BusinessParameterKey.PickupFee)
        : null,
    ]);
    return [feeParameter(delivery), feeParameter(pickup)];
  }

  // ---- booking ---------------------------------------------------------------------------------

  /**
   * The cart becomes an Online order for the signed-in customer, Unpaid, holding every line.
   * Refused with 409 when the agreement changed since the customer read it, or when a line can no
   * longer be held (with what is still free).
   */
  async book(input: {
    cart: BookingCart;
    agreementVersion: string;
    remarks: string;
    referralCode?: string;
  }): Promise<Order> {
    const customer = await this.customer();
    const settings = await findSystemSettings(this.db, this.tenantId);
    const text = settings.get(SystemSettingKey.RentalAgreement) ?? '';
    const textEn = settings.get(SystemSettingKey.RentalAgreementEn) ?? '';
    if (agreementVersion(text, textEn) !== input.agreementVersion) {
      throw new AppError(409, ErrorCode.AgreementChanged, this.msg('BookingAgreementChanged'));
    }
    const { cart } = input;
    const expanded = await this.bookable(cart);
    const profiles = await this.saveRiders(customer.id, cart.riders);
    if (cart.deliveryMethod === DeliveryMethod.Delivery && cart.deliveryAddress) {
      await this.db
        .update(users)
        .set({ deliveryAddress: cart.deliveryAddress })
        .where(eq(users.id, customer.id));
    }
    return this.place(
      cart,
      expanded,
      {
        orderType: OrderType.Online,
        customerId: customer.id,
        customerName: customer.name,
        customerPhone: customer.phone,
        remarks: input.remarks,
        // Through an agent's link: the order is theirs (an unknown code books without one).
        agentId: (await agentOfReferral(this.db, this.tenantId, input.referralCode)) ?? undefined,
      },
      {
        customerBooking: true,
        profiles,
        agreement: {
          version: input.agreementVersion,
          acceptedAt: new Date(),
          acceptedFrom: this.request.ip,
        },
      },
    );
  }

  /**
   * An agent books the cart for a customer (AgentBusiness.OrderCreate): a Reservation that is the
   * agent's, holding every line like a customer's booking, Pending until the store confirms it.
   * The riders stay on the order only; a customer account with this verified number sees it.
   */
  async bookForCustomer(input: {
    cart: BookingCart;
    customerName: string;
    customerPhone: string;
    remarks: string;
  }): Promise<Order> {
    return this.place(
      input.cart,
      await this.bookable(input.cart),
      {
        orderType: OrderType.Reservation,
        customerName: input.customerName,
        customerPhone: input.customerPhone,
        remarks: input.remarks,
      },
      { agentBooking: true, profiles: new Map() },
    );
  }

  /**
   * The cart's lines, refused when it starts on a rest day (the booking page offers none) or has a
   * line that cannot be held now.
   */
  private async bookable(cart: BookingCart) {
    const store = await this.store(cart.storeId);
    const start = new Date(cart.rentalStartTime);
    if (store.restDays.includes(localClock(start, this.timeZone).weekday)) {
      throw new AppError(400, ErrorCode.StoreRestDay, this.msg('BookingStoreRestDay'));
    }
    const deliveryWindowMinutes = this.assertOfferedTime(store, start, cart.deliveryMethod);
    const expanded = await this.expand(cart);
    const short = this.shortages(expanded.lines);
    if (short.length > 0) throw this.unavailable(short);
    return { ...expanded, deliveryWindowMinutes };
  }

  /**
   * A booked start must be one the booking page offers (contracts' booking-times.ts): within the
   * store's pick-up times or delivery windows that day, and not past (a slow checkout has a grace
   * of half an hour). A delivery gets its window's length.
   */
  private assertOfferedTime(
    store: { openTime: string; closeTime: string },
    start: Date,
    deliveryMethod: DeliveryMethod,
  ): number | null {
    if (start.getTime() < Date.now() - BOOKING_START_GRACE_MINUTES * 60_000) {
      throw new AppError(400, ErrorCode.BookingTimeNotOffered, this.msg('BookingTimePassed'));
    }
    const hours = { startTime: store.openTime, endTime: store.closeTime };
    const slots = bookingSlots(hours, deliveryMethod);
    const first = slots[0]!;
    const last = slots[slots.length - 1]!;
    const minutes = localClock(start, this.timeZone).minutes;
    if (minutes < first.start || minutes > last.start) {
      throw new AppError(
        400,
        ErrorCode.BookingTimeNotOffered,
        this.msg('BookingTimeOutsideHours', {
          from: store.openTime,
          to: store.closeTime,
          first: clockText(first.start),
          last: clockText(last.start),
        }),
      );
    }
    return deliveryWindowOf(store, start, deliveryMethod, this.timeZone);
  }

  /** The cart as an order, every line holding an item of its kind (or the item it names). */
  private async place(
    cart: BookingCart,
    {
      lines,
      start,
      end,
      deliveryWindowMinutes,
      priced,
    }: {
      lines: BookedLine[];
      start: Date;
      end: Date;
      deliveryWindowMinutes: number | null;
      priced: PricedRental;
    },
    order: {
      orderType: OrderType;
      customerId?: string;
      customerName: string;
      customerPhone: string;
      remarks: string;
      agentId?: string;
    },
    extras: Omit<OrderCreateExtras, 'lines'> & { profiles: Map<string, string> },
  ): Promise<Order> {
    const { profiles, ...orderExtras } = extras;
    const riderOf = (key: string | null) => cart.riders.find((r) => r.key === key);
    const orders = new OrdersService(this.db, this.request, this.timeZone);
    try {
      return await orders.create(
        {
          storeId: cart.storeId,
          ...order,
          rentalStartTime: start.toISOString(),
          rentalEndTime: end.toISOString(),
          deliveryMethod: cart.deliveryMethod,
          deliveryAddress: cart.deliveryAddress,
          returnMethod: cart.returnMethod,
          returnAddress: cart.returnAddress,
          discount: 0,
          items: lines.map((l) => ({
            categoryId: l.categoryId,
            ...(l.equipmentId ? { equipmentId: l.equipmentId } : {}),
            size: l.size,
            dailyPrice: toYuan(l.dailyFen),
            deposit: toYuan(l.depositFen),
          })),
        },
        {
          ...orderExtras,
          deliveryWindowMinutes,
          priced,
          lines: lines.map((l) => {
            const rider = riderOf(l.riderKey);
            return {
              packId: l.packId ?? undefined,
              packName: l.packNames.zh,
              packNameEn: l.packNames.en,
              riderKey: l.riderKey ?? undefined,
              riderProfileId: rider ? profiles.get(rider.key) : undefined,
              rider: rider ? riderSnapshot(rider) : undefined,
            };
          }),
        },
      );
    } catch (err) {
      // Someone took the last one between the quote and the hold: say what is free now.
      if (
        err instanceof AppError &&
        err.statusCode === 409 &&
        err.code === ErrorCode.EquipmentUnavailable
      ) {
        const fresh = this.shortages((await this.expand(cart)).lines);
        if (fresh.length > 0) throw this.unavailable(fresh);
      }
      throw err;
    }
  }

  private unavailable(short: QuoteShortage[]) {
    const first = short[0]!;
    return new AppError(
      409,
      ErrorCode.EquipmentUnavailable,
      this.msg('BookingShortage', {
        name: first.categoryName,
        size: first.sizeLabel,
        free: first.free,
        wanted: first.wanted,
      }),
      undefined,
      { shortages: short },
    );
  }

  /** The signed-in customer's name and phone for the order (a phone is needed to reach them). */
  private async customer() {
    const user = this.request.user!;
    const [row] = await this.db
      .select({
        id: users.id,
        name: users.name,
        realName: users.realName,
        phone: users.phoneNumber,
      })
      .from(users)
      .where(and(eq(users.tenantId, this.tenantId), eq(users.id, user.id)));
    if (!row?.phone)
      throw new AppError(403, ErrorCode.Validation, this.msg('BookingPhoneRequired'));
    return { id: row.id, name: row.realName || row.name, phone: row.phone };
  }

  /**
   * The cart's riders as the customer's saved profiles: new ones created, known ones updated
   * (under the riders' own limit, one account's changes at a time).
   */
  private async saveRiders(ownerId: string, riders: CartRider[]): Promise<Map<string, string>> {
    const owner = { tenantId: this.tenantId, ownerId };
    const year = businessYear(this.timeZone);
    return this.db.transaction(async (tx) => {
      await lockOwner(tx, owner);
      const ids = new Map<string, string>();
      let count = await countRiders(tx, owner);
      for (const rider of riders) {
        const { isSelf: _, ...values } = toRiderValues({ ...rider, isSelf: false }, year);
        if (rider.profileId) {
          const updated = await updateRider(tx, owner, rider.profileId, values);
          if (!updated) throw notFound(ErrorCode.RiderNotFound, this.msg('RiderNotFound'));
          ids.set(rider.key, updated.id);
          continue;
        }
        if (count >= RIDERS_MAX) {
          throw new AppError(
            403,
            ErrorCode.RiderLimitReached,
            this.msg('RiderLimitReached', { max: RIDERS_MAX }),
          );
        }
        const created = await insertRider(tx, owner, { ...values, isSelf: false });
        count += 1;
        ids.set(rider.key, created.id);
      }
      return ids;
    });
  }
}

function attributesOf(attributes: SizeAttributeRow[], categoryId: string) {
  return attributes.filter((a) => a.categoryId === categoryId);
}

/**
 * A pack part's size in the pack's grade (contracts' `GRADE_ATTRIBUTE`): a part whose category has
 * grades is of the pack's grade (of none, for a pack of none) whatever the cart says, as the
 * counter finds packs; a part of another category as it is.
 */
function inGrade(
  attributes: SizeAttributeRow[],
  categoryId: string,
  size: Record<string, string>,
  grade: string,
): Record<string, string> {
  const attribute = attributesOf(attributes, categoryId).find((a) => a.name === GRADE_ATTRIBUTE);
  if (!attribute) return size;
  const rest = Object.fromEntries(Object.entries(size).filter(([id]) => id !== attribute.id));
  return grade ? { ...rest, [attribute.id]: grade } : rest;
}

/** Sizes in the order of their attributes' options (140 before 150; S before M). */
function compareSizes(
  a: Record<string, string>,
  b: Record<string, string>,
  attributes: SizeAttributeRow[],
): number {
  for (const attr of attributes) {
    const ia = attr.options.indexOf(a[attr.id] ?? '');
    const ib = attr.options.indexOf(b[attr.id] ?? '');
    if (ia !== ib) return ia - ib;
  }
  return 0;
}

/** A pack's rent for the catalog's days, and its parts' alone with the same early discount. */
function packRents(unit: PricedRentalUnit) {
  return { rent: toYuan(unit.rentFen), separateRent: toYuan(unit.priced.aloneRentFen) };
}
