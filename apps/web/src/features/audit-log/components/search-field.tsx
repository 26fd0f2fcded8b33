import { useId, useState } from 'react';
import { SearchOutline } from 'antd-mobile-icons';

/**
 * A labelled search box: the filter applies on the keyboard's search key or the button, and
 * clears with the browser's own clear control (an empty search shows everything again).
 */
export function SearchField({
  label,
  placeholder,
  value,
  buttonLabel,
  onSearch,
}: {
  label: string;
  placeholder: string;
  value: string;
  buttonLabel: string;
  onSearch: (value: string) => void;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  return (
    <form
      role="search"
      className="audit-search-field"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim());
      }}
    >
      <label htmlFor={id} className="audit-search-field__label">
        {label}
      </label>
      <div className="audit-search-field__row">
        <input
          id={id}
          type="search"
          enterKeyHint="search"
          maxLength={64}
          value={text}
          placeholder={placeholder}
          className="audit-search-field__input"
          onChange={(event) => {
            setText(event.target.value);
            // The browser's clear control empties the box: show everything again at once.
            if (event.target.value === '' && value !== '') onSearch('');
          }}
        />
        <button type="submit" className="audit-search-field__button" aria-label={buttonLabel}>
          <SearchOutline aria-hidden />
        </button>
      </div>
    </form>
  );
}
