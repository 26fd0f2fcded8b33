import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { DownFill } from 'antd-mobile-icons';

export interface FilterBarItem {
  key: string;
  /** What the filter is set to now (its name while unset). */
  title: string;
  /** The choices, shown under the bar while the title is open. */
  panel: ReactNode;
}

/**
 * A row of filters above a list, each opening its choices under the bar over a dimmed page (as
 * antd-mobile's Dropdown, without the animation and gesture libraries its popup brings to a
 * page's first load). A tap on the page or Escape closes it; the choices stay open while picking.
 */
export function FilterBar({ items }: { items: FilterBarItem[] }) {
  const id = useId();
  const [open, setOpen] = useState<string | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const current = items.find((item) => item.key === open);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(null);
      buttons.current.get(open)?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <div className="filter-bar">
      <div className="filter-bar__nav">
        {items.map((item) => (
          <button
            key={item.key}
            ref={(button) => {
              if (button) buttons.current.set(item.key, button);
              else buttons.current.delete(item.key);
            }}
            type="button"
            id={`${id}-${item.key}`}
            className={`filter-bar__title${open === item.key ? ' filter-bar__title--open' : ''}`}
            aria-expanded={open === item.key}
            aria-controls={open === item.key ? `${id}-panel` : undefined}
            onClick={() => setOpen((now) => (now === item.key ? null : item.key))}
          >
            <span className="filter-bar__text">{item.title}</span>
            <DownFill aria-hidden className="filter-bar__caret" />
          </button>
        ))}
      </div>
      {current && (
        <>
          <div
            className="filter-bar__panel"
            id={`${id}-panel`}
            role="region"
            aria-labelledby={`${id}-${current.key}`}
          >
            {current.panel}
          </div>
          <div className="filter-bar__mask" aria-hidden onClick={() => setOpen(null)} />
        </>
      )}
    </div>
  );
}
