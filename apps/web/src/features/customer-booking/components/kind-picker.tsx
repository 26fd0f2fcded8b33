import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  bootMondopointOf,
  type BookableCategory,
  type BookableKind,
  type CartRider,
} from '@snowgear/contracts';
import { money } from '@/lib/money';
import { bootSizeEquivalentsText } from '@/lib/size-systems';
import { sizeKeyOf, stillFree } from '../utils/cart-lines';
import { fittingFreeKind, misfitOf, misfitText } from '../utils/size-fit';
import { SizeFitNote } from './size-fit-note';

interface Props {
  category: BookableCategory;
  /** What the cart already asks for, by kind. */
  wanted: Map<string, number>;
  value: Record<string, string> | null;
  /** The rider's suggested size, marked on the kinds that match it. */
  suggested?: Record<string, string> | undefined;
  /** Who the gear is for: sizes that do not fit them are marked, the chosen one explained. */
  rider?: CartRider | undefined;
  /** Each size's rent for the booking's days and deposit; a pack's parts go by the pack's price instead. */
  priced?: boolean;
  onPick: (size: Record<string, string>) => void;
}

/**
 * The sizes of a category for the window: price, how many are still free once the cart's own
 * lines are counted (none: disabled, saying whether the cart took them), and for the rider the
 * sizes that do not fit, with a warning and the fitting size under a chosen one.
 */
export function KindPicker({
  category,
  wanted,
  value,
  suggested,
  rider,
  priced = true,
  onPick,
}: Props) {
  const { t } = useTranslation();
  const noteId = useId();
  const chosenKey = value ? sizeKeyOf(value) : null;
  const matchesSuggestion = (size: Record<string, string>) =>
    !!suggested &&
    Object.keys(suggested).length > 0 &&
    Object.entries(suggested).every(([id, v]) => size[id] === v);
  const free = (kind: BookableKind) => stillFree(category, kind, wanted);
  const chosenKind = category.kinds.find((k) => sizeKeyOf(k.size) === chosenKey);
  const chosenMisfit = chosenKind ? misfitOf(category, chosenKind.size, rider) : null;
  const label = (kind: BookableKind) => kind.label || t('booking.oneSize');
  // Boots in Mondopoint also read in EU, UK and US sizes (from the value, whatever the label).
  const equivalents = (kind: BookableKind) => {
    const mondopoint = bootMondopointOf(category, category.sizeAttributes, kind.size);
    return mondopoint === null ? null : bootSizeEquivalentsText(t, mondopoint);
  };
  const fullLabel = (kind: BookableKind) => {
    const also = equivalents(kind);
    return also === null
      ? label(kind)
      : t('bootSizes.withEquivalents', { size: label(kind), equivalents: also });
  };
  const anyEquivalents = category.kinds.some((kind) => equivalents(kind) !== null);

  return (
    <>
      <div
        className="kind-picker"
        role="radiogroup"
        aria-label={t('booking.sizeOf', { name: category.name })}
      >
        {category.kinds.map((kind) => {
          const left = free(kind);
          const selected = chosenKey === sizeKeyOf(kind.size);
          const misfit = misfitOf(category, kind.size, rider);
          return (
            <button
              key={sizeKeyOf(kind.size)}
              type="button"
              role="radio"
              aria-checked={selected}
              aria-describedby={selected && chosenMisfit ? noteId : undefined}
              disabled={left === 0 && !selected}
              className={`kind-picker__kind${selected ? ' kind-picker__kind--selected' : ''}`}
              onClick={() => onPick(kind.size)}
            >
              <span className="kind-picker__label">{label(kind)}</span>
              {equivalents(kind) && (
                // Spaced from the size, so its name reads '26.5 MP EU 41 …'.
                <>
                  {' '}
                  <span className="kind-picker__equivalents">{equivalents(kind)}</span>
                </>
              )}
              {priced && (
                <span className="kind-picker__meta">
                  {money(kind.rent)}
                  <br />
                  {t('booking.depositOf', { amount: money(kind.deposit) })}
                </span>
              )}
              {left > 0 ? (
                <span className="kind-picker__free">{t('booking.freeCount', { count: left })}</span>
              ) : (
                // Taken by this booking's own lines reads differently from booked out.
                <span className="kind-picker__none">
                  {kind.free > 0 ? t('booking.allInCart') : t('booking.noneFree')}
                </span>
              )}
              {misfit && (
                <span className="kind-picker__misfit">
                  {t(`booking.fit.tag.${misfit.problem}`)}
                </span>
              )}
              {matchesSuggestion(kind.size) && (
                <span className="kind-picker__suggested">{t('booking.suggested')}</span>
              )}
            </button>
          );
        })}
      </div>
      {anyEquivalents && <p className="kind-picker__approx">{t('bootSizes.approx')}</p>}
      <SizeFitNote
        id={noteId}
        rider={rider}
        chosen={
          chosenKind && chosenMisfit && rider
            ? {
                kind: chosenKind,
                misfit: chosenMisfit,
                text: misfitText(t, chosenMisfit, rider, fullLabel(chosenKind)),
              }
            : null
        }
        better={
          chosenKind && chosenMisfit && rider
            ? fittingFreeKind(category, free, rider, chosenKind.size)
            : null
        }
        labelOf={fullLabel}
        onTake={(kind) => onPick(kind.size)}
      />
    </>
  );
}
