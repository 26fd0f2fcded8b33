import { useTranslation } from 'react-i18next';

interface Props {
  /** Degrees clockwise from the top of the screen. */
  rotation: number;
  /** The direction and distance in words, for screen readers. */
  label: string;
  /** No compass: the top of the screen stands for north, and a mark says so. */
  northUp: boolean;
}

/**
 * The big arrow. It turns without a CSS transition: the heading is already smoothed, and a
 * transition would spin the long way round when the angle wraps from 359° to 0°.
 */
export function DirectionArrow({ rotation, label, northUp }: Props) {
  const { t } = useTranslation();
  return (
    <div
      className="store-nav__arrow"
      role="img"
      aria-label={label}
      data-rotation={Math.round(rotation) % 360}
      data-north-up={northUp}
    >
      {northUp && (
        <span className="store-nav__north-mark" aria-hidden>
          {t('storeNavigation.northMark')}
        </span>
      )}
      <svg
        viewBox="0 0 100 100"
        className="store-nav__arrow-shape"
        style={{ transform: `rotate(${rotation}deg)` }}
        aria-hidden
        focusable="false"
      >
        <path d="M50 4 L88 88 L50 68 L12 88 Z" />
      </svg>
    </div>
  );
}
