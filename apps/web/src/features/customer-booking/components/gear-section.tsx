import { Button, Skeleton, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { BookableCategory, BookingCatalog } from '@snowgear/contracts';
import { money } from '@/lib/money';
import type { GearTarget } from './add-gear-popup';
import { ErrorBlock } from '@/components/error-block';

interface Props {
  catalog: BookingCatalog | undefined;
  loading: boolean;
  error: Error | null;
  onRetry: () => void;
  onChoose: (target: GearTarget) => void;
}

/** The store's packs and kinds for the chosen window, with how many are free. */
export function GearSection({ catalog, loading, error, onRetry, onChoose }: Props) {
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
  return (
    <div className="gear-section" aria-busy={loading}>
      {catalog.packs.length > 0 && (
        <>
          <h3 className="gear-section__group">{t('booking.packs')}</h3>
          <ul className="gear-list">
            {catalog.packs.map((pack) => {
              const parts = pack.categoryIds.flatMap((id) => byId.get(id) ?? []);
              const free = Math.min(...parts.map((c) => c.free));
              const saving = pack.separateDailyPrice - pack.dailyPrice;
              return (
                <li key={pack.id} className="gear-card gear-card--pack">
                  <div className="gear-card__body">
                    <div className="gear-card__name">
                      {pack.name}
                      {saving > 0 && (
                        <Tag color="danger" fill="outline">
                          {t('booking.packSaves', { amount: money(saving) })}
                        </Tag>
                      )}
                    </div>
                    <div className="gear-card__desc">{pack.description}</div>
                    <div className="gear-card__price">
                      {money(pack.dailyPrice)}
                      {t('booking.perDay')} ·{' '}
                      {t('booking.depositOf', { amount: money(pack.deposit) })}
                    </div>
                  </div>
                  <Button
                    color="primary"
                    className="gear-card__choose"
                    disabled={free === 0}
                    aria-label={t('booking.chooseItem', { name: pack.name })}
                    onClick={() => onChoose({ type: 'pack', pack, parts })}
                  >
                    {free === 0 ? t('booking.noneFree') : t('booking.choose')}
                  </Button>
                </li>
              );
            })}
          </ul>
        </>
      )}
      <h3 className="gear-section__group">{t('booking.singleItems')}</h3>
      <ul className="gear-list">
        {catalog.categories.map((category: BookableCategory) => (
          <li key={category.id} className="gear-card">
            <div className="gear-card__body">
              <div className="gear-card__name">{category.name}</div>
              <div className="gear-card__price">
                {t('booking.fromPerDay', { amount: money(category.fromDailyPrice) })}
              </div>
              <div className={category.free === 0 ? 'gear-card__none' : 'gear-card__free'}>
                {category.free === 0
                  ? t('booking.noneFreeForDates')
                  : t('booking.freeCount', { count: category.free })}
              </div>
            </div>
            <Button
              color="primary"
              fill="outline"
              className="gear-card__choose"
              disabled={category.free === 0}
              aria-label={t('booking.chooseItem', { name: category.name })}
              onClick={() => onChoose({ type: 'item', category })}
            >
              {category.free === 0 ? t('booking.noneFree') : t('booking.choose')}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
