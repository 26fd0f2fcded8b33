import type { ReactNode } from 'react';

/**
 * A line of news above a form or list: information, or a warning. Plain markup (antd-mobile's
 * NoticeBar brings its scrolling machinery), with actions on the right.
 */
export function Notice({
  tone = 'info',
  children,
  actions,
}: {
  tone?: 'info' | 'alert';
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className={`app-notice app-notice--${tone}`}>
      <span className="app-notice__text" role="status">
        {children}
      </span>
      {actions && <span className="app-notice__actions">{actions}</span>}
    </div>
  );
}
