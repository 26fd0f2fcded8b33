import { Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LayoutKind } from '@/config/routes';
import { ActionBarContext } from '@/components/layouts/action-bar';
import { preloadedLazy } from '@/lib/preloaded-lazy';
import { AppFooter } from './app-footer';

// Only the tab pages need the tab bar and its icons: it loads beside such a page's own code.
const AreaTabBar = preloadedLazy(() => import('./area-tab-bar'));
export const loadTabBar = AreaTabBar.preload;

/** The three layouts of spec §2: tab bar, action button (fixed bottom actions) and normal. */
export function PageLayout({ kind, children }: { kind: LayoutKind; children: ReactNode }) {
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  return (
    <div className={`page-layout page-layout--${kind}`}>
      <main id="main" className="page-layout__main" tabIndex={-1}>
        {/* At least a screen tall: the footer starts below the fold, so a page that grows as its
            data arrives never pushes it across the screen (no layout shift). */}
        <div className="page-layout__content">
          <ActionBarContext value={slot}>{children}</ActionBarContext>
        </div>
        <AppFooter />
      </main>
      {kind === 'actionButton' && <div className="page-layout__action-bar" ref={setSlot} />}
      {kind === 'tabBar' && <TabBarFrame />}
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
