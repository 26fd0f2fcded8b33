import { useId, useState } from 'react';
import { Button, Input, type InputRef } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { useFieldAria } from '@/lib/use-field-aria';

interface Props {
  /** The text box's id (its label points at it). */
  id: string;
  values: string[];
  onChange: (values: string[]) => void;
  placeholder: string;
  addText: string;
  /** The remove button's name for a screen reader ('remove option M'). */
  removeLabel: (value: string) => string;
  /** Why this value cannot be added (empty, twice, a forbidden character …), or null. */
  validate: (value: string, values: string[]) => string | null;
  maxLength: number;
  /** The field's own problem (from the form or the server), shown under it. */
  error?: string | undefined;
  disabled?: boolean;
  /** The language the values are written in, when it is not the page's (an article's tags). */
  lang?: string | undefined;
}

/**
 * A list of short values typed one at a time (an attribute's options, an article's tags): each
 * shows as a chip with a button to take it away; Enter or the add button adds what was typed.
 */
export function ChipsInput({
  id,
  values,
  onChange,
  placeholder,
  addText,
  removeLabel,
  validate,
  maxLength,
  error,
  disabled = false,
  lang,
}: Props) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const errorId = useId();
  const message = problem ?? error ?? null;
  const ref = useFieldAria<InputRef>(message !== null, message ? errorId : undefined);

  const handleAdd = () => {
    const value = text.trim();
    const why = validate(value, values);
    if (why) {
      setProblem(why);
      return;
    }
    onChange([...values, value]);
    setText('');
    setProblem(null);
  };

  return (
    <div className="chips-input">
      {values.length > 0 && (
        <ul className="chips-input__chips" lang={lang}>
          {values.map((value) => (
            <li key={value} className="chips-input__chip">
              <span>{value}</span>
              <button
                type="button"
                className="chips-input__remove"
                aria-label={removeLabel(value)}
                disabled={disabled}
                onClick={() => onChange(values.filter((v) => v !== value))}
              >
                <CloseOutline aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="chips-input__add">
        <Input
          ref={ref}
          id={id}
          value={text}
          maxLength={maxLength}
          placeholder={placeholder}
          disabled={disabled}
          onChange={(v) => {
            setText(v);
            if (problem) setProblem(null);
          }}
          onEnterPress={(event) => {
            event.preventDefault();
            handleAdd();
          }}
        />
        <Button size="small" color="primary" fill="outline" disabled={disabled} onClick={handleAdd}>
          {addText}
        </Button>
      </div>
      {message && (
        <p id={errorId} className="field-error" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
