import { useTranslation } from 'react-i18next';
import type { BookableCategory } from '@snowgear/contracts';
import { money } from '@/lib/money';
import { sizeKeyOf, stillFree } from '../utils/cart-lines';

interface Props {
  category: BookableCategory;
  /** What the cart already asks for, by kind. */
  wanted: Map<string, number>;
  value: Record<string, string> | null;
  /** The rider's suggested size, marked on the kinds that match it. */
  suggested?: Record<string, string> | undefined;
  /** Each size's daily price and deposit; a pack's parts go by the pack's price instead. */
  priced?: boolean;
  onPick: (size: Record<string, string>) => void;
}

/** The sizes of a category for the window: price, and how many are still free; none free: disabled. */
export function KindPicker({ category, wanted, value, suggested, priced = true, onPick }: Props) {
  const { t } = useTranslation();
  const chosen = value ? sizeKeyOf(value) : null;
  const matchesSuggestion = (size: Record<string, string>) =>
    !!suggested &&
    Object.keys(suggested).length > 0 &&
    Object.entries(suggested).every(([id, v]) => size[id] === v);

  return (
    <div
      className="kind-picker"
      role="radiogroup"
      aria-label={t('booking.sizeOf', { name: category.name })}
    >
      {category.kinds.map((kind) => {
        const free = stillFree(category, kind, wanted);
        const selected = chosen === sizeKeyOf(kind.size);
        const suggestion = matchesSuggestion(kind.size);
        return (
          <button
            key={sizeKeyOf(kind.size)}
            type="button"
            role="radio"
            aria-checked={selected}
            disabled={free === 0 && !selected}
            className={`kind-picker__kind${selected ? ' kind-picker__kind--selected' : ''}`}
            onClick={() => onPick(kind.size)}
          >
            <span className="kind-picker__label">{kind.label || t('booking.oneSize')}</span>
            {priced && (
              <span className="kind-picker__meta">
                {money(kind.dailyPrice)}
                {t('booking.perDay')}
                <br />
                {t('booking.depositOf', { amount: money(kind.deposit) })}
              </span>
            )}
            <span className={free === 0 ? 'kind-picker__none' : 'kind-picker__free'}>
              {free === 0 ? t('booking.noneFree') : t('booking.freeCount', { count: free })}
            </span>
            {suggestion && <span className="kind-picker__suggested">{t('booking.suggested')}</span>}
          </button>
        );
      })}
    </div>
  );
}
