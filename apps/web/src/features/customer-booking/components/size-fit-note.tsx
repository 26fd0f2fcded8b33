import { Button } from 'antd-mobile';
import { ExclamationTriangleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import type { BookableKind, CartRider, SizeMisfit } from '@snowgear/contracts';

interface Props {
  id: string;
  rider: CartRider | undefined;
  /** The chosen kind and how it fails the rider; null while it fits (or nothing tells). */
  chosen: { kind: BookableKind; misfit: SizeMisfit; text: string } | null;
  /** The free size that fits instead, if the store has one. */
  better: BookableKind | null;
  /** A kind's size in words (a boot's with its EU, UK and US equivalents). */
  labelOf: (kind: BookableKind) => string;
  onTake: (kind: BookableKind) => void;
}

/**
 * The warning under the sizes when the chosen one does not fit the rider: what is wrong in words,
 * and the size that fits with one tap when the store has it free. It never stops the booking.
 * The live region stays in place so a screen reader hears the warning as it appears.
 */
export function SizeFitNote({ id, rider, chosen, better, labelOf, onTake }: Props) {
  const { t } = useTranslation();
  return (
    <div aria-live="polite" className="size-fit">
      {chosen && rider && (
        <div id={id} className="size-fit__note">
          <p className="size-fit__title">
            <ExclamationTriangleOutline aria-hidden /> {t('booking.fit.title')}
          </p>
          <p className="size-fit__text">{chosen.text}</p>
          {better ? (
            <Button
              color="primary"
              fill="outline"
              className="size-fit__take"
              onClick={() => onTake(better)}
            >
              {t('booking.fit.take', { size: labelOf(better) })}
            </Button>
          ) : (
            <p className="size-fit__text">{t('booking.fit.noneFree', { name: rider.name })}</p>
          )}
        </div>
      )}
    </div>
  );
}
