import { Suspense, useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DEFAULT_SYSTEM_NAME } from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import type { AppRoute } from '@/app/routes';
import { checkRouteAccess } from '@/lib/authorization';
import { sessionSnapshot, useSession } from '@/features/auth';
import { PageLayout } from './layouts/page-layout';
import { useAppStore } from '@/features/app-state';
import { useConfigStore } from '@/features/system-config';
import { LoadingDots } from '@/components/loading-dots';

/**
 * Page title of spec §1: '{route title, default 店员端} - {system name}'. Customers know the
 * business, not its back office: their pages name the company instead (`name`), and only the page
 * until the configuration says what it is called.
 */
export function pageTitle(
  routeTitle: string | undefined,
  defaultTitle: string,
  name: { systemName?: string; companyName?: string } | undefined,
  customerSide: boolean,
) {
  const title = routeTitle || defaultTitle;
  if (customerSide) {
    const business = name?.companyName || name?.systemName;
    return business ? `${title} - ${business}` : title;
  }
  return `${title} - ${name?.systemName || DEFAULT_SYSTEM_NAME}`;
}

/** A page of the store area (spec §2 /store): it has the quick-action button. */
export const isStorePage = (route: AppRoute) => route.path.startsWith(`${Paths.storeArea}/`);

/** A page of the customer area (spec §2 /customer). */
const isCustomerSide = (route: AppRoute) =>
  route.path === Paths.customerArea || route.path.startsWith(`${Paths.customerArea}/`);

function PageLoading() {
  const { t } = useTranslation();
  const setPageLoading = useAppStore((s) => s.setPageLoading);
  useEffect(() => {
    setPageLoading(true);
    return () => setPageLoading(false);
  }, [setPageLoading]);
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <LoadingDots />
      <span>{t('app.loading')}</span>
    </div>
  );
}

/** Wraps every page: access check, title, layout and the lazy-load fallback. */
export function RouteFrame({ route, children }: { route: AppRoute; children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const systemInfo = useConfigStore((s) => s.config?.systemInfo);
  const setTitle = useAppStore((s) => s.setTitle);
  const fullPath = `${location.pathname}${location.search}`;
  const session = useSession();
  const verdict = checkRouteAccess(route, sessionSnapshot(session), fullPath);

  useEffect(() => {
    const title = pageTitle(
      route.titleKey ? t(`routes.${route.titleKey}`) : undefined,
      t('app.defaultTitle'),
      systemInfo,
      isCustomerSide(route),
    );
    document.title = title;
    setTitle(title);
  }, [route, systemInfo, t, i18n.language, setTitle]);

  if (!verdict.allow) {
    // A redirect that equals the current path is skipped (spec §2).
    return verdict.redirectTo === fullPath ? null : <Navigate to={verdict.redirectTo} replace />;
  }
  return (
    <PageLayout
      kind={route.layout}
      quickActions={isStorePage(route)}
      customer={isCustomerSide(route)}
    >
      <Suspense fallback={<PageLoading />}>{children}</Suspense>
    </PageLayout>
  );
}
