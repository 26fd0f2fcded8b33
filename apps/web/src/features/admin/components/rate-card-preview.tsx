import { useId, useState } from 'react';
import { Input, Skeleton, type InputRef } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { RateCardPreview, RateCardSubjectKind } from '@snowgear/contracts';
import { ChoiceChips } from '@/components/choice-fields';
import { FormField, fieldErrorId } from '@/components/form-field';
import { money } from '@/lib/money';
import { storeTime } from '@/lib/store-clock';
import { useFieldAria } from '@/lib/use-field-aria';
import { useRateCardPreview, type RateCardPreviewQuery } from '../api/rate-cards';
import { usePricingStores } from './pricing-scope';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * "A 3-day rental starting on … costs …": a rental priced by the server on the saved card that
 * applies at the store, day by day with each day's percent and why, the early-booking discount
 * (booked today) and the total. The business's cards are tried at a store of choice.
 */
export function RateCardPreviewBlock({
  storeId,
  subjectKind,
  subjectId,
  junior,
  saved,
  changed,
}: {
  storeId: string | null;
  subjectKind: RateCardSubjectKind;
  subjectId: string;
  junior: boolean;
  /** The card exists (the server prices saved cards only). */
  saved: boolean;
  /** The form holds prices not saved yet. */
  changed: boolean;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const startId = useId();
  const daysId = useId();
  const storeLabelId = useId();
  const stores = usePricingStores();
  // The store's today, when the sheet opened: the rental is booked on it (early booking).
  const [today] = useState(() => storeTime(Date.now(), 'YYYY-MM-DD'));
  const [picked, setPicked] = useState('');
  const pickedStore = picked || stores[0]?.id || '';
  const [start, setStart] = useState(today);
  const [days, setDays] = useState('3');
  const count = Number(days);
  const startError = DAY.test(start) ? undefined : t('admin.rateCards.preview.startError');
  const daysError =
    /^\d+$/.test(days) && count >= 1 && count <= 365
      ? undefined
      : t('admin.rateCards.preview.daysError');
  const daysRef = useFieldAria<InputRef>(!!daysError, fieldErrorId(daysId, daysError));
  const at = storeId ?? pickedStore;
  const query: RateCardPreviewQuery | null =
    saved && at && !startError && !daysError
      ? { storeId: at, subjectKind, subjectId, junior, start, days: count, bookedOn: today }
      : null;
  const preview = useRateCardPreview(query);

  return (
    <section className="rate-card-preview" aria-labelledby={titleId}>
      <h3 id={titleId} className="section-title">
        {t('admin.rateCards.preview.title')}
      </h3>
      {!saved ? (
        <p className="form-field__hint">{t('admin.rateCards.preview.notSaved')}</p>
      ) : (
        <>
          <p className="form-field__hint">{t('admin.rateCards.preview.hint')}</p>
          {changed && (
            <p className="rate-card-preview__unsaved">{t('admin.rateCards.preview.unsaved')}</p>
          )}
          {storeId === null && stores.length > 0 && (
            <div className="form-field">
              <span id={storeLabelId} className="form-field__label">
                {t('admin.rateCards.preview.store')}
              </span>
              <ChoiceChips
                labelledBy={storeLabelId}
                options={stores.map((s) => ({ value: s.id, label: s.name }))}
                value={pickedStore}
                onChange={setPicked}
              />
            </div>
          )}
          <div className="admin-form__pair">
            <FormField id={startId} label={t('admin.rateCards.preview.start')} error={startError}>
              <input
                id={startId}
                type="date"
                className="admin-form__time"
                value={start}
                aria-invalid={!!startError}
                aria-describedby={fieldErrorId(startId, startError)}
                onChange={(e) => setStart(e.target.value)}
              />
            </FormField>
            <FormField id={daysId} label={t('admin.rateCards.preview.days')} error={daysError}>
              <Input
                ref={daysRef}
                id={daysId}
                inputMode="numeric"
                value={days}
                onChange={(v) => setDays(v.replace(/\D/g, '').slice(0, 3))}
              />
            </FormField>
          </div>
          {query &&
            (preview.data ? (
              <PreviewResult preview={preview.data} />
            ) : preview.isError ? (
              <p className="field-error" role="alert">
                {preview.error.message}
              </p>
            ) : (
              <div role="status" aria-label={t('app.loading')}>
                <Skeleton.Paragraph lineCount={4} animated />
              </div>
            ))}
        </>
      )}
    </section>
  );
}

function PreviewResult({ preview }: { preview: RateCardPreview }) {
  const { t, i18n } = useTranslation();
  const weekdays = t('store.weekdays', { returnObjects: true });
  const english = i18n.language.startsWith('en');
  const first = preview.days[0]?.date ?? '';
  const because = (b: NonNullable<RateCardPreview['days'][number]['because']>) => {
    const name = english && b.nameEn ? b.nameEn : b.name;
    switch (b.kind) {
      case 'season':
        return t('admin.rateCards.preview.season', { name });
      case 'weekend':
        return t('admin.rateCards.preview.weekend', { name });
      case 'holiday':
        return t('admin.rateCards.preview.holiday');
    }
  };
  return (
    <div className="rate-card-preview__result" aria-live="polite">
      <p className="rate-card-preview__sentence">
        {t('admin.rateCards.preview.sentence', {
          days: preview.days.length,
          date: first,
          total: money(preview.total),
        })}
      </p>
      <ol className="rate-card-preview__days">
        {preview.days.map((d) => (
          <li key={d.day}>
            <span className="rate-card-preview__when">
              {t('admin.rateCards.preview.day', { day: d.day })} · {d.date.slice(5)}{' '}
              {weekdays[new Date(`${d.date}T00:00:00Z`).getUTCDay()]}
            </span>
            <span className="rate-card-preview__how">
              {money(d.rate)} × {d.percent}%{d.because && ` · ${because(d.because)}`}
            </span>
            <b>{money(d.amount)}</b>
          </li>
        ))}
      </ol>
      <dl className="rate-card-preview__sums">
        <div>
          <dt>{t('admin.rateCards.preview.rent')}</dt>
          <dd>{money(preview.rent)}</dd>
        </div>
        {preview.earlyBookingOff > 0 && (
          <div>
            <dt>{t('admin.rateCards.preview.early')}</dt>
            <dd>{money(-preview.earlyBookingOff)}</dd>
          </div>
        )}
        <div className="rate-card-preview__total">
          <dt>{t('admin.rateCards.preview.total')}</dt>
          <dd>{money(preview.total)}</dd>
        </div>
      </dl>
      <p className="form-field__hint">
        {preview.card === 'store'
          ? t('admin.rateCards.preview.cardStore')
          : t('admin.rateCards.preview.cardBusiness')}
      </p>
    </div>
  );
}
