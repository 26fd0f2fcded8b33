import { useTranslation } from 'react-i18next';
import { OrderStatus, type BookingQuote, type CartRider } from '@snowgear/contracts';
import { RentalSummary, fromQuote } from '@/features/rental-summary';
import { useConfigStore } from '@/features/system-config';

/**
 * A quote as the customer reads it (the booking, a plan): the rental summary, each cart line
 * removable when `onRemoveLine` is given, and what cannot be held.
 */
export function QuoteLines({
  quote,
  riders,
  awaitsStore = false,
  onRemoveLine,
}: {
  quote: BookingQuote;
  riders: CartRider[];
  awaitsStore?: boolean;
  onRemoveLine?: (cartIndex: number) => void;
}) {
  const { t } = useTranslation();
  const storeName = useConfigStore((s) => s.config?.storeConfigs[quote.storeId]?.storeName ?? '');
  const view = fromQuote(quote, riders, storeName, awaitsStore ? OrderStatus.Pending : null);
  return (
    <RentalSummary view={view} onRemoveLine={onRemoveLine}>
      {quote.shortages.length > 0 && (
        <ul className="summary-shortages" role="alert">
          {quote.shortages.map((s) => (
            <li key={s.cartIndex}>
              {t('booking.shortage', {
                name: s.categoryName,
                size: s.sizeLabel,
                free: s.free,
                wanted: s.wanted,
              })}
            </li>
          ))}
        </ul>
      )}
    </RentalSummary>
  );
}
