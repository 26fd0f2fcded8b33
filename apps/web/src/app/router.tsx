import {
  Activity,
  lazy,
  Suspense,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { Navigate, useLocation, useOutlet, useRoutes, type RouteObject } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { appRedirects, appRoutes, findRoute, type AppRoute } from '@/app/routes';
import { preloadedLazy } from '@/lib/preloaded-lazy';
import { Paths } from '@/config/paths';
import { ErrorBoundary } from '@/components/error-boundary';
import { OfflineBanner } from './offline-banner';
import { GlobalMessages, UpdatePrompt, useAppStore } from '@/features/app-state';
import { checkRouteAccess, homeOf } from '@/lib/authorization';
import { sessionSnapshot, useSession } from '@/features/auth';
import { ScannerHost } from '@/features/scanner';
import { loadRouteTexts } from '@/lib/i18n';
import { whenPageSettled } from '@/lib/when-idle';
import { bootstrapped } from './bootstrap';
import { isStorePage, RouteFrame } from './route-frame';
import { DriverGun } from './smart-scan/driver-gun';

// The store's quick actions (scan anything, add stock) load once the first store page has drawn
// with its data (their code brings the scanner's sounds and the offline memory, which would share
// a weak network with the page's own files and list), and show with that page's texts (which hold
// theirs): their code can arrive first, from the installed app.
const StoreQuickActions = lazy(() =>
  Promise.all([
    import('./smart-scan/store-quick-actions'),
    loadRouteTexts(findRoute(window.location.pathname)?.path),
  ]).then(([m]) => ({ default: m.StoreQuickActions })),
);

/** False until the page opened first has drawn with its data (lib/when-idle.ts), then true. */
function usePageSettled(): boolean {
  const queryClient = useQueryClient();
  const [settled, setSettled] = useState(false);
  useEffect(
    () => whenPageSettled(queryClient, () => setSettled(true), { after: bootstrapped() }),
    [queryClient],
  );
  return settled;
}

/**
 * The shell around every page: offline banner, toasts, scroll to top on navigation and
 * keep-alive for the routes that ask for it (kept mounted but hidden with <Activity>).
 */
function AppShell() {
  const { t } = useTranslation();
  const location = useLocation();
  const outlet = useOutlet();
  const pageLoading = useAppStore((s) => s.pageLoading);
  const session = useSession();
  const userId = session.user?.id ?? null;
  const [kept, setKept] = useState<{ userId: string | null; pages: Record<string, ReactNode> }>({
    userId,
    pages: {},
  });
  // Kept pages belong to the person who opened them: a new sign-in starts afresh.
  if (kept.userId !== userId) setKept({ userId, pages: {} });

  // A new page starts at the top; the first page already does (a smooth scroll there costs a
  // layout pass while the app is still starting).
  const shownPath = useRef(location.pathname);
  useEffect(() => {
    if (shownPath.current === location.pathname) return;
    shownPath.current = location.pathname;
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [location.pathname]);

  const current = useMemo(() => findRoute(location.pathname), [location.pathname]);
  if (current?.keepAlive && kept.userId === userId && !(current.path in kept.pages)) {
    setKept((k) => ({ ...k, pages: { ...k.pages, [current.path]: outlet } }));
  }

  // The quick-action button shows on every /store/ page the user may open (spec §2).
  const settled = usePageSettled();
  const storePage =
    settled &&
    current !== undefined &&
    isStorePage(current) &&
    checkRouteAccess(current, sessionSnapshot(session), location.pathname).allow;

  // A driver's gun feeds the panels of the driver's pages (driver-gun.tsx).
  const driverPage = settled && current !== undefined && current.path.startsWith('/driver/');

  return (
    <>
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      {pageLoading && <div className="page-progress" aria-hidden />}
      <OfflineBanner />
      <UpdatePrompt />
      <GlobalMessages />
      <ErrorBoundary resetKey={location.pathname}>
        {Object.entries(kept.pages).map(([path, element]) => (
          <Activity key={path} mode={current?.path === path ? 'visible' : 'hidden'}>
            {element}
          </Activity>
        ))}
        {!current?.keepAlive && outlet}
      </ErrorBoundary>
      {storePage && (
        <Suspense fallback={null}>
          <StoreQuickActions />
        </Suspense>
      )}
      {driverPage && <DriverGun />}
      <ScannerHost />
    </>
  );
}

/** Short links (spec §2 '/cx?sn=', '/fa', '/fa/d?id='): the page they stand for, same query. */
function ShortLink({ to }: { to: string }) {
  const { search } = useLocation();
  return <Navigate to={`${to}${search}`} replace />;
}

/** '/': the home of the signed-in role, else booking (spec §2). */
function RootRedirect() {
  const session = useSession();
  const snapshot = sessionSnapshot(session);
  return <Navigate to={snapshot.isAuthenticated ? homeOf(snapshot) : Paths.orderCreate} replace />;
}

/** Each route's page: its code and its texts arrive together. */
const pages = new Map<string, ReturnType<typeof preloadedLazy>>(
  appRoutes.map((route) => [
    route.path,
    preloadedLazy(() =>
      Promise.all([route.load(), loadRouteTexts(route.path)]).then(([page]) => page),
    ),
  ]),
);

/** Starts loading a page's code and texts (main.tsx: the page opened, before the first render). */
export function preloadPage(route: AppRoute): Promise<unknown> {
  return pages.get(route.path)!.preload();
}

export function buildRouteObjects(): RouteObject[] {
  const routes: RouteObject[] = appRoutes.map((route) => {
    const Page = pages.get(route.path)!;
    return {
      path: route.path,
      element: (
        <RouteFrame route={route}>
          <Page />
        </RouteFrame>
      ),
    };
  });
  const redirects: RouteObject[] = [
    { path: Paths.home, element: <RootRedirect /> },
    { path: Paths.equipmentInquiryShort, element: <ShortLink to={Paths.equipmentInquiryPage} /> },
    { path: Paths.schemeListShort, element: <ShortLink to={Paths.schemeList} /> },
    { path: Paths.schemeShortPath, element: <ShortLink to={Paths.schemeDetail()} /> },
    ...appRedirects.map(({ from, to }) => ({ path: from, element: <Navigate to={to} replace /> })),
  ];
  return [
    {
      element: <AppShell />,
      children: [
        ...redirects,
        ...routes,
        { path: '*', element: <Navigate to={Paths.notFound} replace /> },
      ],
    },
  ];
}

let routeObjects: RouteObject[] | null = null;

/** The app's routes (built once: each page's lazy component must stay the same). */
export function AppRoutes() {
  routeObjects ??= buildRouteObjects();
  return useRoutes(routeObjects);
}
