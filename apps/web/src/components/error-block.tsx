import type { ReactNode } from 'react';
// Its actions are often links dressed as antd-mobile buttons, on pages that load no Button of
// their own: without its styles such a link is a small line of text, not a button to tap.
import 'antd-mobile/es/components/button/button.css';

export type BlockStatus = 'default' | 'empty' | 'disconnected' | 'busy';

/** Line pictures, a few hundred bytes each (antd-mobile's illustrations weigh 8 KB a page). */
const PICTURES: Record<BlockStatus, ReactNode> = {
  default: (
    <>
      <circle cx="32" cy="32" r="22" />
      <path d="M32 20v15M32 42v2" />
    </>
  ),
  empty: (
    <>
      <path d="M10 36l8-18h28l8 18v12H10z" />
      <path d="M10 36h14l3 5h10l3-5h14" />
    </>
  ),
  disconnected: (
    <>
      <path d="M20 44h26a10 10 0 0 0 1-20 14 14 0 0 0-27-2 11 11 0 0 0 0 22z" />
      <path d="M14 14l36 36" />
    </>
  ),
  busy: (
    <>
      <path d="M22 12h20M22 52h20M24 12c0 12 16 12 16 20s-16 8-16 20M40 12c0 12-16 12-16 20s16 8 16 20" />
    </>
  ),
};

/**
 * What a page or list shows instead of its data: empty, could not load, not found. A picture,
 * the title, a line more, and any actions (retry …) as children.
 */
export function ErrorBlock({
  status = 'default',
  title,
  description,
  className,
  fullPage = false,
  children,
}: {
  status?: BlockStatus;
  title?: ReactNode;
  description?: ReactNode;
  className?: string;
  /** The whole page's message (404, 403): centred on the screen. */
  fullPage?: boolean;
  children?: ReactNode;
}) {
  const shows = (node: ReactNode) => node !== undefined && node !== null && node !== '';
  return (
    <div
      className={[
        'state-block',
        `state-block--${status}`,
        fullPage && 'state-block--page',
        className,
      ]
        .filter(Boolean)
        .join(' ')}
    >
      <svg className="state-block__picture" viewBox="0 0 64 64" aria-hidden="true">
        {PICTURES[status]}
      </svg>
      {shows(title) && <div className="state-block__title">{title}</div>}
      {shows(description) && <div className="state-block__description">{description}</div>}
      {children && <div className="state-block__actions">{children}</div>}
    </div>
  );
}
