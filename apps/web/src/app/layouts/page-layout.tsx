import { useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { TabBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import {
  AddSquareOutline,
  AppOutline,
  BillOutline,
  PayCircleOutline,
  SystemQRcodeOutline,
  UnorderedListOutline,
  UserOutline,
} from 'antd-mobile-icons';
import { findRoute, tabBars, type LayoutKind } from '@/config/routes';
import { checkRouteAccess } from '@/lib/authorization';
import { sessionSnapshot, useSession } from '@/features/auth/stores/session-store';
import { ActionBarContext } from '@/components/layouts/action-bar';
import { AppFooter } from './app-footer';

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
      {kind === 'tabBar' && <AreaTabBar />}
    </div>
  );
}

const TAB_ICONS: Record<string, ReactNode> = {
  AppOutline: <AppOutline />,
  UserOutline: <UserOutline />,
  AddSquareOutline: <AddSquareOutline />,
  UnorderedListOutline: <UnorderedListOutline />,
  BillOutline: <BillOutline />,
  PayCircleOutline: <PayCircleOutline />,
  ScanCodeOutline: <SystemQRcodeOutline />,
};

/** The tabs of the current area (/store, /customer …). */
function AreaTabBar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  // Only the tabs this user may open (a tab that leads to /403 is no use at the counter); one
  // that asks a visitor to sign in first stays, as the sign-in leads on to it.
  const tabs = (tabBars[pathname.split('/')[1] ?? ''] ?? []).filter((tab) => {
    const route = findRoute(tab.path);
    if (!route) return true;
    const access = checkRouteAccess(route, sessionSnapshot(session), tab.path);
    return access.allow || !access.redirectTo.startsWith('/403');
  });
  if (tabs.length === 0) return null;
  // A tab stays lit on the pages under it (an order's QR code under the QR tab).
  const active = tabs.find((tab) => pathname === tab.path || pathname.startsWith(`${tab.path}/`));
  return (
    <nav className="page-layout__tab-bar" aria-label={t('app.tabs')}>
      <TabBar activeKey={active?.path ?? null} onChange={(key) => void navigate(key)} safeArea>
        {tabs.map((tab) => (
          <TabBar.Item
            key={tab.path}
            icon={TAB_ICONS[tab.icon]}
            title={t(`routes.${tab.titleKey}`)}
          />
        ))}
      </TabBar>
    </nav>
  );
}
