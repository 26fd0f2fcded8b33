import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserHistory } from 'history';
import 'antd-mobile/es/global';
import './styles.css';
import { installTouchEmulator } from '@/lib/touch-emulator';
import { disableZodEval } from '@/lib/zod-jitless';
import { applyTheme, savedTheme } from '@/features/app-state/stores/app-store';
import { App } from './app/app';
import { bootstrap } from './app/bootstrap';
import { loadRouteTexts, savedLanguage } from './lib/i18n';
import { appStylesReady } from './lib/app-styles';
import { findRoute } from './config/routes';
import { loadTabBar } from './app/layouts/page-layout';

// Start-up order of spec §1: touch shim, mount, then configuration, stores and session.
installTouchEmulator();
disableZodEval();
applyTheme(savedTheme());

// The page opened starts downloading now, beside the texts, instead of after them: on a slow
// network that saves a whole round of requests before anything shows.
const opened = findRoute(window.location.pathname);
void opened?.load().catch(() => undefined);
if (opened?.layout === 'tabBar') void loadTabBar().catch(() => undefined);
// The texts of the page opened, in the language shown, come first (the rest as needed), and
// the styles the boot screen did without.
await Promise.all([loadRouteTexts(opened?.path, savedLanguage()), appStylesReady()]);
const history = createBrowserHistory();
const container = document.getElementById('root');
if (!container) throw new Error('#root missing from index.html');
const root = createRoot(container);
startTransition(() =>
  root.render(
    <StrictMode>
      <App history={history} />
    </StrictMode>,
  ),
);
void bootstrap((to, options) => (options?.replace ? history.replace(to) : history.push(to)));

// Offline support loads after the first paint, in the built app only (no worker in development).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const start = () =>
    void import('./features/app-state/service-worker').then((m) => m.startServiceWorker());
  // The texts awaited above may arrive after the page's load event.
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
