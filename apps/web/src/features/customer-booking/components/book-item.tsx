import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  BusinessParameterKey as K,
  rentIsDaily,
  type BookingCatalog,
  type CartLine,
  type CartRider,
} from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { useNow } from '@/lib/use-now';
import { useOpenedOnce } from '@/lib/use-opened-once';
import { useAppStore } from '@/features/app-state';
import type { RiderDraft } from '@/features/riders';
import { switchStore } from '@/features/stores';
import {
  useConfigStore,
  businessParameter,
  defaultRentalDays,
  defaultRentalStart,
  DEFAULT_BUSINESS_TIME_ZONE,
} from '@/features/system-config';
import { useBookingCatalog } from '../api/get-booking-catalog';
import { newRiderKey, useBookingCart } from '../stores/booking-cart';
import { sizeKeyOf } from '../utils/cart-lines';
import { suggestFor } from '../utils/suggestions';
import type { GearTarget } from './add-gear-popup';
import { loadRiderEditor } from '@/features/riders';

// Opened by a tap, so loaded by it, as on the booking page.
const AddGearPopup = lazy(() =>
  import('./add-gear-popup').then((m) => ({ default: m.AddGearPopup })),
);
const RiderEditor = lazy(() => loadRiderEditor().then((m) => ({ default: m.RiderEditor })));

/** The booking's other lines take nothing from this one item. */
const NOTHING_WANTED = new Map<string, number>();

/** One particular item to book (what the equipment inquiry shows). */
export interface ItemToBook {
  id: string;
  storeId: string;
  categoryId: string;
  /** The size it is booked as (its category's size attributes). */
  size: Record<string, string>;
  /** Its own daily price and deposit, which a line naming it is charged (not its kind's). */
  dailyPrice: number;
  deposit: number;
}

/**
 * The item as the gear sheet offers it: its category, with its own kind only, at its own price,
 * and one of it (this very item; whether it is free for the booking's dates, the booking's quote
 * says).
 */
function itemTarget(catalog: BookingCatalog | undefined, item: ItemToBook): GearTarget | null {
  const category = catalog?.categories.find((c) => c.id === item.categoryId);
  const kind = category?.kinds.find((k) => sizeKeyOf(k.size) === sizeKeyOf(item.size));
  if (!catalog || !category || !kind) return null;
  // Where its kind costs its daily price × days (no rate card), the item costs its own price ×
  // days; on a rate card, the kind's card prices every item of it (docs/pricing.md).
  const rent = rentIsDaily(kind.dailyPrice, catalog.days, kind.rent)
    ? Math.round(item.dailyPrice * 100 * catalog.days) / 100
    : kind.rent;
  const own = { ...kind, dailyPrice: item.dailyPrice, rent, deposit: item.deposit, free: 1 };
  return {
    type: 'item',
    category: {
      ...category,
      kinds: [own],
      fromDailyPrice: item.dailyPrice,
      fromRent: rent,
      free: 1,
    },
  };
}

/**
 * Books one particular item (the equipment inquiry's "Book this"): the booking's gear sheet asks
 * which rider it is for (or adds one), as every way into the booking does; then the booking goes
 * on, at the item's store, with a line that names the item.
 */
export function BookItem({ item, onClose }: { item: ItemToBook | null; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const showError = useAppStore((s) => s.showError);
  const now = useNow();
  const config = useConfigStore((s) => s.config);
  const riders = useBookingCart((s) => s.riders);
  const chosenDays = useBookingCart((s) => s.days);
  const [addingRider, setAddingRider] = useState(false);
  const gearOpened = useOpenedOnce(item !== null);
  const riderOpened = useOpenedOnce(addingRider);
  const latestClose = useRef(onClose);
  useEffect(() => {
    latestClose.current = onClose;
  });
  const storeId = item?.storeId ?? null;
  const param = (key: K) => businessParameter(config, storeId, key);
  // The catalogue gives the item's kind as the booking shows it: its label, price and deposit.
  const catalog = useBookingCatalog(
    storeId,
    defaultRentalStart(now, param(K.NextDayThreshold), DEFAULT_BUSINESS_TIME_ZONE).toISOString(),
    chosenDays ?? defaultRentalDays(param(K.DefaultRentalDays)),
  );
  const target = item ? itemTarget(catalog.data, item) : null;
  // Not rented online (out of service, its kind not offered): say so rather than do nothing.
  const refused = !!item && !catalog.isFetching && (catalog.isError || !target);
  useEffect(() => {
    if (!refused) return;
    showError(catalog.error?.message ?? t('booking.itemNotBookable'));
    latestClose.current();
  }, [refused, catalog.error, showError, t]);

  const handleAdd = (line: CartLine) => {
    if (!item || line.type !== 'item') return;
    try {
      switchStore(item.storeId);
    } catch {
      // A store the configuration does not know yet: booking starts with choosing one.
      onClose();
      return;
    }
    const cart = useBookingCart.getState();
    const booked = cart.lines.some((l) => l.type === 'item' && l.equipmentId === item.id);
    if (!booked) cart.addLine({ ...line, equipmentId: item.id });
    void navigate(Paths.orderCreate);
  };

  const handleSaveRider = (rider: RiderDraft) => {
    const added: CartRider = { ...rider, key: newRiderKey(), profileId: null };
    useBookingCart.getState().saveRider(added);
    setAddingRider(false);
  };

  return (
    <Suspense fallback={null}>
      {gearOpened && (
        <AddGearPopup
          target={target}
          riders={riders}
          wanted={NOTHING_WANTED}
          suggest={suggestFor}
          onAdd={handleAdd}
          onAddRider={() => setAddingRider(true)}
          onClose={onClose}
        />
      )}
      {riderOpened && (
        <RiderEditor
          visible={addingRider}
          value={null}
          onSave={handleSaveRider}
          onClose={() => setAddingRider(false)}
        />
      )}
    </Suspense>
  );
}
