import { Button, Skeleton, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { BookableCategory, BookablePack, BookingCatalog } from '@snowgear/contracts';
import { fileUrl } from '@/lib/api-client';
import { money } from '@/lib/money';
import type { GearTarget } from './add-gear-popup';
import { ErrorBlock } from '@/components/error-block';
import { freeOf, partInGrade } from '../utils/cart-lines';

interface Props {
  catalog: BookingCatalog | undefined;
  loading: boolean;
  error: Error | null;
  /** What the cart already asks for, by kind: counts shown are what is left beside it. */
  wanted: Map<string, number>;
  onRetry: () => void;
  onChoose: (target: GearTarget) => void;
}

/**
 * The store's packs and kinds for the chosen window, with how many are still free once the
 * booking's own lines are counted; what the booking took up says so, unlike what is booked out.
 */
export function GearSection({ catalog, loading, error, wanted, onRetry, onChoose }: Props) {
  const { t } = useTranslation();
  if (!catalog) {
    if (error) {
      return (
        <ErrorBlock status="disconnected" title={t('app.loadFailed')} description={error.message}>
          <Button color="primary" onClick={onRetry}>
            {t('app.retry')}
          </Button>
        </ErrorBlock>
      );
    }
    return loading ? (
      <div role="status" aria-label={t('app.loading')}>
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    ) : null;
  }
  if (catalog.categories.length === 0) {
    return <p className="booking-empty">{t('booking.nothingToRent')}</p>;
  }
  const byId = new Map(catalog.categories.map((c) => [c.id, c]));
  // Each sport's levels together, the sport named by the first kind its packs hold.
  const bySport = new Map<string, BookablePack[]>();
  for (const pack of catalog.packs) {
    const sport = pack.categoryIds[0] ?? '';
    bySport.set(sport, [...(bySport.get(sport) ?? []), pack]);
  }
  const sports = [...bySport];
  return (
    <div className="gear-section" aria-busy={loading}>
      {sports.map(([sportId, packs]) => (
        <section key={sportId} aria-labelledby={`packs-${sportId}`}>
          <h3 id={`packs-${sportId}`} className="gear-section__group">
            {t('booking.packsOf', { sport: byId.get(sportId)?.name ?? '' })}
          </h3>
          {/* A sport's levels side by side, the next one peeking in: swiped across. */}
          <ul className="pack-levels">
            {packs.map((pack) => {
              const parts = pack.categoryIds.flatMap((id) => {
                const category = byId.get(id);
                return category ? [partInGrade(category, pack.grade)] : [];
              });
              const free = Math.min(...parts.map((c) => freeOf(c, wanted)));
              const inCart = free === 0 && parts.every((c) => c.free > 0);
              // For the rental's days, as the quote will price it (rate cards, seasons, early booking).
              const saving = Math.round((pack.separateRent - pack.rent) * 100) / 100;
              return (
                <li key={pack.id} className="pack-level">
                  {pack.pictureUrl && (
                    <img
                      className="pack-level__picture"
                      src={fileUrl(pack.pictureUrl)}
                      alt=""
                      width={240}
                      height={180}
                      loading="lazy"
                    />
                  )}
                  <div className="gear-card__name">{pack.name}</div>
                  <div className="pack-level__parts">
                    {t('booking.packHolds', {
                      parts: parts.map((c) => c.name).join(t('booking.listJoin')),
                    })}
                  </div>
                  {pack.description && <div className="gear-card__desc">{pack.description}</div>}
                  <div className="gear-card__price">
                    <b>
                      {catalog.halfDay
                        ? t('booking.forHalfDay', { amount: money(pack.rent) })
                        : t('booking.forDays', { amount: money(pack.rent), count: catalog.days })}
                    </b>
                    {saving > 0 && (
                      <Tag color="danger" fill="outline">
                        {t('booking.packSaves', { amount: money(saving) })}
                      </Tag>
                    )}
                  </div>
                  <div className="gear-card__desc">
                    {t('booking.depositOf', { amount: money(pack.deposit) })}
                  </div>
                  <Button
                    color="primary"
                    block
                    className="gear-card__choose"
                    disabled={free === 0}
                    aria-label={t('booking.chooseItem', { name: pack.name })}
                    onClick={() => onChoose({ type: 'pack', pack, parts })}
                  >
                    {free > 0
                      ? t('booking.choose')
                      : inCart
                        ? t('booking.allChosen')
                        : t('booking.noneFree')}
                  </Button>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
      <h3 className="gear-section__group">{t('booking.singleItems')}</h3>
      <ul className="gear-list">
        {catalog.categories.map((category: BookableCategory) => {
          const free = freeOf(category, wanted);
          const inCart = free === 0 && category.free > 0;
          return (
            <li key={category.id} className="gear-card">
              <div className="gear-card__body">
                <div className="gear-card__name">{category.name}</div>
                <div className="gear-card__price">
                  {catalog.halfDay
                    ? t('booking.fromForHalfDay', { amount: money(category.fromRent) })
                    : t('booking.fromForDays', {
                        amount: money(category.fromRent),
                        count: catalog.days,
                      })}
                </div>
                <div className={free === 0 ? 'gear-card__none' : 'gear-card__free'}>
                  {free > 0
                    ? t('booking.freeCount', { count: free })
                    : inCart
                      ? t('booking.allInCart')
                      : t('booking.noneFreeForDates')}
                </div>
              </div>
              <Button
                color="primary"
                fill="outline"
                className="gear-card__choose"
                disabled={free === 0}
                aria-label={t('booking.chooseItem', { name: category.name })}
                onClick={() => onChoose({ type: 'item', category })}
              >
                {free > 0
                  ? t('booking.choose')
                  : inCart
                    ? t('booking.allChosen')
                    : t('booking.noneFree')}
              </Button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
