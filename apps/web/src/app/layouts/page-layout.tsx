import { Suspense, useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LayoutKind } from '@/config/route-meta';
import { ActionBarContext } from '@/components/layouts/action-bar';
import { LanguageSwitch } from '@/components/language-switch';
import { HeaderExtraContext } from '@/components/page-header';
import { preloadedLazy } from '@/lib/preloaded-lazy';
import { AppFooter } from './app-footer';
import { offerQuickActionSlot } from './quick-action-slot';

// Only the tab pages need the tab bar and its icons: it loads beside such a page's own code.
const AreaTabBar = preloadedLazy(() => import('./area-tab-bar'));
export const loadTabBar = AreaTabBar.preload;

/** The customer pages' header carries the language switch: a visitor finds it at the top. */
const languageInHeader = <LanguageSwitch />;

/**
 * The three layouts of spec §2: tab bar, action button (fixed bottom actions) and normal. A store
 * page (`quickActions`) always has a bottom bar, with a cell of its own at its end for the
 * quick-action button: the page's content ends above the bar, so the button never covers it.
 * A customer page (`customer`) has the language switch in its header.
 */
export function PageLayout({
  kind,
  quickActions = false,
  customer = false,
  children,
}: {
  kind: LayoutKind;
  quickActions?: boolean;
  customer?: boolean;
  children: ReactNode;
}) {
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  const bar =
    kind === 'actionButton' ? (
      <div className="page-layout__action-bar" ref={setSlot} />
    ) : kind === 'tabBar' ? (
      <TabBarFrame />
    ) : null;
  return (
    <div
      className={`page-layout page-layout--${kind}${quickActions ? ' page-layout--quick-actions' : ''}`}
    >
      <main id="main" className="page-layout__main" tabIndex={-1}>
        {/* At least a screen tall: the footer starts below the fold, so a page that grows as its
            data arrives never pushes it across the screen (no layout shift). */}
        <div className="page-layout__content">
          <HeaderExtraContext value={customer ? languageInHeader : null}>
            <ActionBarContext value={slot}>{children}</ActionBarContext>
          </HeaderExtraContext>
        </div>
        <AppFooter />
      </main>
      {quickActions ? (
        <QuickActionsBar>
          {bar}
          <QuickActionCell />
        </QuickActionsBar>
      ) : (
        bar
      )}
    </div>
  );
}

/** The bar's place is kept while its code arrives, so nothing moves when it shows. */
function TabBarFrame() {
  const { t } = useTranslation();
  return (
    <nav className="page-layout__tab-bar" aria-label={t('app.tabs')}>
      <Suspense fallback={<div className="app-tabs" />}>
        <AreaTabBar />
      </Suspense>
    </nav>
  );
}

/**
 * A store page's bottom bar. The page ends as far above the screen's foot as the bar is tall
 * (--page-bottom-bar, measured: actions that wrap make it taller), so once scrolled to its end
 * nothing of the page stays under the bar.
 */
function QuickActionsBar({ children }: { children: ReactNode }) {
  const [bar, setBar] = useState<HTMLElement | null>(null);
  useLayoutEffect(() => {
    const layout = bar?.parentElement;
    if (!bar || !layout || typeof ResizeObserver === 'undefined') return;
    // Told after layout and before paint: the room changes in the same frame as the bar.
    const observer = new ResizeObserver(() => {
      // Hidden (a kept-alive page not shown): it keeps the room it had.
      if (bar.offsetHeight > 0) {
        layout.style.setProperty('--page-bottom-bar', `${bar.offsetHeight}px`);
      }
    });
    observer.observe(bar);
    return () => observer.disconnect();
  }, [bar]);
  return (
    <div className="page-layout__bar" ref={setBar}>
      {children}
    </div>
  );
}

/**
 * The quick-action button's own cell, kept from the start (the button's code comes once the page
 * has drawn), offered while this page is shown.
 */
function QuickActionCell() {
  const [cell, setCell] = useState<HTMLElement | null>(null);
  useEffect(() => (cell ? offerQuickActionSlot(cell) : undefined), [cell]);
  return <div className="page-layout__quick-actions" ref={setCell} />;
}
