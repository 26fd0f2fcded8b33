import { dayjs } from '@/lib/dayjs-zones';
import { BookingCartSchema, type SharedScheme } from '@snowgear/contracts';
import { EMPTY_BOOKING, type BookingDraft } from '@/features/customer-booking';

/**
 * A saved scheme as the booking page's draft, with the store it is for; null when what is saved
 * is no longer a cart the server takes. The owner keeps the link to the scheme (saving changes
 * it) and to the riders' saved profiles; anyone else books a copy, with the riders as entered.
 */
export function draftOfScheme(
  scheme: Pick<SharedScheme, 'id' | 'name' | 'cart' | 'mine'>,
  timeZone: string,
  today: string,
): { storeId: string; draft: BookingDraft } | null {
  const parsed = BookingCartSchema.safeParse(scheme.cart);
  if (!parsed.success) return null;
  const cart = parsed.data;
  const start = dayjs(cart.rentalStartTime).tz(timeZone);
  const startDate = start.format('YYYY-MM-DD');
  return {
    storeId: cart.storeId,
    draft: {
      ...EMPTY_BOOKING,
      // A plan for days gone by starts on the default day again.
      startDate: startDate >= today ? startDate : null,
      startTime: startDate >= today ? start.format('HH:mm') : null,
      days: cart.days,
      halfDay: cart.halfDay,
      deliveryMethod: cart.deliveryMethod,
      deliveryAddress: cart.deliveryAddress,
      returnMethod: cart.returnMethod,
      returnAddress: cart.returnAddress,
      riders: scheme.mine ? cart.riders : cart.riders.map((r) => ({ ...r, profileId: null })),
      lines: cart.lines,
      schemeId: scheme.mine ? scheme.id : null,
      schemeName: scheme.mine ? scheme.name : '',
    },
  };
}
