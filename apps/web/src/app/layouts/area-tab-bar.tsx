import { lazy, Suspense, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  AppOutline,
  BillOutline,
  PayCircleOutline,
  SystemQRcodeOutline,
  UnorderedListOutline,
  UserOutline,
} from 'antd-mobile-icons';
import { findRoute, tabBars } from '@/app/routes';
import { checkRouteAccess } from '@/lib/authorization';
import { sessionSnapshot, useSession } from '@/features/auth';
import { loadApprovalsTabBadge } from '@/features/orders';
import { Paths } from '@/config/paths';
import { RoleName } from '@snowgear/contracts';

// A manager's count of requests waiting for them, on the store's home tab (loaded for them only).
const ApprovalsTabBadge = lazy(() =>
  loadApprovalsTabBadge().then((m) => ({ default: m.ApprovalsTabBadge })),
);

const TAB_ICONS: Record<string, ReactNode> = {
  AppOutline: <AppOutline />,
  UserOutline: <UserOutline />,
  UnorderedListOutline: <UnorderedListOutline />,
  BillOutline: <BillOutline />,
  PayCircleOutline: <PayCircleOutline />,
  ScanCodeOutline: <SystemQRcodeOutline />,
};

/**
 * The tabs of the current area (/store, /customer …), as links: each can be opened in place,
 * long-pressed or reached by keyboard like any link, and the current one says so.
 */
export default function AreaTabBar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
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
  const answersApprovals =
    session.roles.includes(RoleName.StoreManager) || session.roles.includes(RoleName.SuperAdmin);
  // A tab stays lit on the pages under it (an order's QR code under the QR tab).
  const active = tabs.find((tab) => pathname === tab.path || pathname.startsWith(`${tab.path}/`));
  return (
    <div className="app-tabs">
      {tabs.map((tab) => (
        <Link
          key={tab.path}
          to={tab.path}
          className="app-tabs__tab"
          aria-current={tab === active ? 'page' : undefined}
        >
          <span className="app-tabs__icon" aria-hidden="true">
            {TAB_ICONS[tab.icon]}
          </span>
          {tab.path === Paths.storeDashboard && answersApprovals && (
            <Suspense fallback={null}>
              <ApprovalsTabBadge />
            </Suspense>
          )}
          <span className="app-tabs__label">{t(`routes.${tab.titleKey}`)}</span>
        </Link>
      ))}
    </div>
  );
}
