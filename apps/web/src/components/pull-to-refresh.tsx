import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** How far the page must be pulled before letting go refreshes it, and the head while it does. */
const THRESHOLD = 60;
const HEAD = 44;
const MAX_PULL = 120;
/** How long "refreshed" stays before the head folds away. */
const COMPLETE_MS = 500;

type Phase = 'idle' | 'pulling' | 'canRelease' | 'refreshing' | 'complete';

/**
 * Pull down at the top of a page to load it again (the lists' habit on phones). The few lines
 * of its own rather than antd-mobile's, whose gesture and spring libraries cost a first load
 * more than the whole page they wrap.
 */
export function PullToRefresh({
  onRefresh,
  children,
}: {
  onRefresh: () => Promise<unknown>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const head = useRef<HTMLDivElement>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const refresh = useRef(onRefresh);
  useEffect(() => {
    refresh.current = onRefresh;
  });

  useEffect(() => {
    const el = box.current;
    const top = head.current;
    if (!el || !top) return;
    let startY: number | null = null;
    let pulled = 0;
    let busy = false;
    const show = (px: number, settle: boolean) => {
      top.style.transition = settle ? 'height 0.25s ease-out' : 'none';
      top.style.height = `${px}px`;
    };
    const onStart = (event: TouchEvent) => {
      const y = event.touches[0]?.clientY;
      // Only from the very top of the page, one finger, and not while it is refreshing.
      if (busy || y === undefined || event.touches.length > 1 || window.scrollY > 0) return;
      startY = y;
      pulled = 0;
    };
    const onMove = (event: TouchEvent) => {
      const y = event.touches[0]?.clientY;
      if (startY === null || y === undefined) return;
      const distance = y - startY;
      if (distance === 0) return;
      // Upwards, or the page has scrolled: an ordinary scroll, not a pull.
      if (distance < 0 || window.scrollY > 0) {
        if (pulled > 0) show(0, true);
        startY = null;
        pulled = 0;
        setPhase('idle');
        return;
      }
      // The page follows the finger at half speed, up to a limit, instead of scrolling.
      if (event.cancelable) event.preventDefault();
      pulled = Math.min(MAX_PULL, distance / 2);
      show(pulled, false);
      setPhase(pulled >= THRESHOLD ? 'canRelease' : 'pulling');
    };
    const onEnd = () => {
      if (startY === null) return;
      startY = null;
      if (pulled < THRESHOLD) {
        show(0, true);
        setPhase('idle');
        return;
      }
      busy = true;
      show(HEAD, true);
      setPhase('refreshing');
      void refresh
        .current()
        .catch(() => undefined)
        .then(() => {
          setPhase('complete');
          window.setTimeout(() => {
            show(0, true);
            setPhase('idle');
            busy = false;
          }, COMPLETE_MS);
        });
    };
    el.addEventListener('touchstart', onStart, { passive: true });
    // Not passive: a pull must stop the browser's own scroll or overscroll.
    el.addEventListener('touchmove', onMove, { passive: false });
    el.addEventListener('touchend', onEnd);
    el.addEventListener('touchcancel', onEnd);
    return () => {
      el.removeEventListener('touchstart', onStart);
      el.removeEventListener('touchmove', onMove);
      el.removeEventListener('touchend', onEnd);
      el.removeEventListener('touchcancel', onEnd);
    };
  }, []);

  const text = {
    idle: '',
    pulling: t('list.pullToRefresh'),
    canRelease: t('list.releaseToRefresh'),
    refreshing: t('list.refreshing'),
    complete: t('list.refreshed'),
  }[phase];
  return (
    <div ref={box} className="pull-to-refresh">
      <div ref={head} className="pull-to-refresh__head">
        <span role="status">{text}</span>
      </div>
      {children}
    </div>
  );
}
