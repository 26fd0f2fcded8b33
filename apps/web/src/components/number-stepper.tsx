import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  /** The whole number shown; a form gives it (Form.Item), or the page. */
  value?: number;
  onChange?: (value: number) => void;
  min: number;
  max: number;
  disabled?: boolean;
  id?: string;
  className?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
}

/**
 * A whole number with − and + on either side (days of a rental, an amount of stock), each a
 * gloved thumb wide (44 px, styles.css). What is typed counts at once, kept within min and max;
 * the field shows the number kept once it loses the focus. Arrow keys step, as on any spin button.
 *
 * antd-mobile's Stepper does this for any decimal, with a decimal library and helpers that made
 * a tenth of the booking page's first download; a half step (a binding's DIN) still uses it.
 */
export function NumberStepper({
  value,
  onChange,
  min,
  max,
  disabled = false,
  id,
  className,
  'aria-label': label,
  'aria-labelledby': labelledBy,
}: Props) {
  const { t } = useTranslation();
  const shown = value ?? min;
  // While the field has the focus: the text as typed ('' after deleting the number).
  const [typed, setTyped] = useState<string | null>(null);

  const keep = (next: number) => {
    const kept = Math.min(max, Math.max(min, Math.round(next)));
    if (kept !== value) onChange?.(kept);
  };
  const onType = (text: string) => {
    const digits = text.replace(/\D/g, '');
    setTyped(digits);
    if (digits !== '') keep(Number(digits));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault();
      setTyped(null);
      keep(shown + (event.key === 'ArrowUp' ? 1 : -1));
    } else if (event.key === 'Enter') {
      event.currentTarget.blur();
    }
  };

  return (
    <div className={className ? `number-stepper ${className}` : 'number-stepper'}>
      <button
        type="button"
        className="number-stepper__button"
        aria-label={t('app.decrease')}
        disabled={disabled || shown <= min}
        onClick={() => keep(shown - 1)}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M5 12h14" />
        </svg>
      </button>
      <input
        id={id}
        className="number-stepper__input"
        role="spinbutton"
        inputMode="numeric"
        autoComplete="off"
        aria-label={label}
        aria-labelledby={labelledBy}
        aria-valuenow={shown}
        aria-valuemin={min}
        aria-valuemax={max}
        disabled={disabled}
        value={typed ?? String(shown)}
        onChange={(event) => onType(event.target.value)}
        onFocus={(event) => {
          setTyped(String(shown));
          event.target.select();
        }}
        onBlur={() => setTyped(null)}
        onKeyDown={onKeyDown}
      />
      <button
        type="button"
        className="number-stepper__button"
        aria-label={t('app.increase')}
        disabled={disabled || shown >= max}
        onClick={() => keep(shown + 1)}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M5 12h14M12 5v14" />
        </svg>
      </button>
    </div>
  );
}
