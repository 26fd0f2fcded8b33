import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export interface HalfDayOffer {
  /** The store's afternoon start (HH:mm). */
  from: string;
  /** The chosen start is from then on. */
  possible: boolean;
  /** Taken: the gear comes back by closing the same day. */
  on: boolean;
}

/**
 * "Only the afternoon" (docs/pricing.md): a chip a gloved thumb can toggle, beside what it takes
 * or, before the store's afternoon, from when it can be taken. The booking page and the counter
 * offer it where the store's rate cards price a half day.
 */
export function HalfDayChoice({
  offer,
  onChange,
}: {
  offer: HalfDayOffer;
  onChange: (on: boolean) => void;
}) {
  const { t } = useTranslation();
  const hintId = useId();
  return (
    <div className="half-day-choice">
      <button
        type="button"
        className={offer.on ? 'chip chip--selected' : 'chip'}
        aria-pressed={offer.on}
        aria-describedby={hintId}
        disabled={!offer.possible && !offer.on}
        onClick={() => onChange(!offer.on)}
      >
        {t('booking.halfDay')}
      </button>
      <span id={hintId} className="half-day-choice__hint">
        {offer.possible
          ? t('booking.halfDayHint', { from: offer.from })
          : t('booking.halfDayFrom', { from: offer.from })}
      </span>
    </div>
  );
}
