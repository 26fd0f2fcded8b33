import { StrictMode } from 'react';
import { config as zodConfig } from 'zod/v4/core';
import { createRoot } from 'react-dom/client';
import 'antd-mobile/es/global';
import './styles.css';
import { enableAntdImperativeRender } from '@/lib/antd-render';
import { installTouchEmulator } from '@/lib/touch-emulator';
import { applyTheme, savedTheme } from '@/features/app-state/stores/app-store';
import { App } from './app/app';
import { createAppRouter } from './app/router';
import { bootstrap } from './app/bootstrap';
import { loadLanguage, savedLanguage } from './lib/i18n';
import { findRoute } from './config/routes';

// Start-up order of spec §1: touch shim, mount, then configuration, stores and session.
installTouchEmulator();
// The page's policy allows no eval: zod skips its compiled fast path and never probes for it.
zodConfig({ jitless: true });
enableAntdImperativeRender();
applyTheme(savedTheme());

// The page opened starts downloading now, beside the texts, instead of after them: on a slow
// network that saves a whole round of requests before anything shows.
void findRoute(window.location.pathname)
  ?.load()
  .catch(() => undefined);
// The texts of the language shown come first (the other loads when chosen).
await loadLanguage(savedLanguage());
const router = createAppRouter();
const container = document.getElementById('root');
if (!container) throw new Error('#root missing from index.html');
createRoot(container).render(
  <StrictMode>
    <App router={router} />
  </StrictMode>,
);
void bootstrap((to, options) => router.navigate(to, options));

// Offline support loads after the first paint, in the built app only (no worker in development).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const start = () =>
    void import('./features/app-state/service-worker').then((m) => m.startServiceWorker());
  // The texts awaited above may arrive after the page's load event.
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
