import { useId, type KeyboardEvent, type ReactNode } from 'react';
import { Button, Switch } from 'antd-mobile';

/**
 * One choice among a few, as chips big enough for gloves. Each is a real button that says
 * whether it is chosen (`aria-pressed`), so it works from a keyboard and a screen reader, which
 * antd-mobile's Selector does not.
 */
export function ChoiceChips<T extends string>({
  id,
  labelledBy,
  options,
  value,
  onChange,
  disabled = false,
  describedBy,
}: {
  id?: string;
  /** The id of the label naming the group. */
  labelledBy: string;
  options: readonly { value: T; label: ReactNode }[];
  value: T;
  onChange: (value: T) => void;
  disabled?: boolean;
  describedBy?: string | undefined;
}) {
  return (
    <div
      id={id}
      className="choice-chips"
      role="group"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
    >
      {options.map((option) => {
        const chosen = option.value === value;
        return (
          <Button
            key={option.value}
            size="small"
            shape="rounded"
            color={chosen ? 'primary' : 'default'}
            fill={chosen ? 'solid' : 'outline'}
            aria-pressed={chosen}
            disabled={disabled}
            onClick={() => onChange(option.value)}
          >
            {option.label}
          </Button>
        );
      })}
    </div>
  );
}

/** An on/off setting with its label and what it means; Space and Enter toggle it too. */
export function SwitchField({
  label,
  hint,
  checked,
  onChange,
  disabled = false,
}: {
  label: string;
  hint?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  const hintId = useId();
  // antd-mobile's Switch answers taps only.
  const handleKey = (event: KeyboardEvent) => {
    if (disabled || (event.key !== ' ' && event.key !== 'Enter')) return;
    event.preventDefault();
    onChange(!checked);
  };
  return (
    <div className="switch-field">
      <div className="switch-field__text">
        <span className="switch-field__label">{label}</span>
        {hint && (
          <span id={hintId} className="switch-field__hint">
            {hint}
          </span>
        )}
      </div>
      <span onKeyDown={handleKey}>
        <Switch
          checked={checked}
          onChange={onChange}
          disabled={disabled}
          tabIndex={disabled ? -1 : 0}
          aria-label={label}
          aria-describedby={hint ? hintId : undefined}
        />
      </span>
    </div>
  );
}
