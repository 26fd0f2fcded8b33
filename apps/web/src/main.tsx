import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserHistory } from 'history';
import 'antd-mobile/es/global';
import './styles.css';
import { installTouchEmulator } from '@/lib/touch-emulator';
import { enableCloseOnBack } from '@/lib/close-on-back';
import { disableZodEval } from '@/lib/zod-jitless';
import { followSystemMotion } from '@/lib/antd-motion';
import { applyTheme, loadServiceWorker, savedTheme } from '@/features/app-state';
import { App } from './app/app';
import { bootstrap, bootstrapped, connectApi } from './app/bootstrap';
import { createQueryClient } from './lib/query-client';
import { checkRouteAccess } from './lib/authorization';
import { sessionSnapshot } from '@/features/auth';
import { loadRouteTexts, savedLanguage } from './lib/i18n';
import { appStylesReady } from './lib/app-styles';
import { findRoute } from './app/routes';
import { formatsDatesAsDrawn, routePrefetch } from './app/route-prefetch';
import { loadTabBar } from './app/layouts/page-layout';
import { preloadPage } from './app/router';
import { warmDateFormatting } from './lib/store-time';
import { nextTask, whenPageSettled } from './lib/when-idle';

// Start-up runs in several tasks (`nextTask`), not one: the shell's modules and the start-up
// below were one task of 150–250 ms on a mid-range phone (Lighthouse's 4× slowdown), in which the
// page could neither draw nor answer a tap. The modules have run by now.
await nextTask();

// Start-up order of spec §1: touch shim, mount, then configuration, stores and session.
installTouchEmulator();
disableZodEval();
applyTheme(savedTheme());
followSystemMotion();

// The phone's Back closes an open sheet or dialog before it leaves the page.
const history = enableCloseOnBack(createBrowserHistory);
connectApi((to, options) => (options?.replace ? history.replace(to) : history.push(to)));
const queryClient = createQueryClient();

// The page opened: its data is asked for now, while the code and texts index.html asked for
// beside the shell arrive (the session and the configuration are read from the phone at once).
const opened = findRoute(window.location.pathname);
const here = `${window.location.pathname}${window.location.search}`;
const prefetch = opened && routePrefetch[opened.path];
if (prefetch && checkRouteAccess(opened, sessionSnapshot(), here).allow) {
  prefetch(queryClient, new URLSearchParams(window.location.search));
}
await nextTask();

// The page opened: index.html asked for its code and texts beside the shell. The first render
// waits for them (the boot screen shows meanwhile), so the page draws at once instead of through
// a loading fallback. Code that cannot load is left to the router, which says so.
const nothing = () => undefined;
// Meanwhile the phone has nothing to do: it builds a date formatter for a page that formats dates
// as it draws (ICU's calendar and time zone data took some 50 ms of a mid-range phone's first
// render on the booking page).
if (opened && formatsDatesAsDrawn.get(opened.path)?.()) setTimeout(warmDateFormatting, 0);
await Promise.all([
  opened && preloadPage(opened).catch(nothing),
  opened?.layout === 'tabBar' && loadTabBar().catch(nothing),
  // The shell's texts where no route matched, and the styles the boot screen did without.
  loadRouteTexts(opened?.path, savedLanguage()),
  appStylesReady(),
]);
// The page's code has just run (in the task that resolved the wait above): mounting is the next.
await nextTask();
const container = document.getElementById('root');
if (!container) throw new Error('#root missing from index.html');
const root = createRoot(container);
startTransition(() =>
  root.render(
    <StrictMode>
      <App history={history} queryClient={queryClient} />
    </StrictMode>,
  ),
);
void bootstrap();

// Offline support loads once the page has drawn with its data, in the built app only (no worker
// in development): the worker's downloads do not compete with the page's on a weak network.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  whenPageSettled(queryClient, () => loadServiceWorker().then((m) => m.startServiceWorker()), {
    after: bootstrapped(),
  });
}
