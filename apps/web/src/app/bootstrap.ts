import { ensureVerificationCookie, setApiHooks } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { nextTask } from '@/lib/when-idle';
import { useAppStore } from '@/features/app-state';
import { useConfigStore } from '@/features/system-config';
import { initCurrentStore, refreshStores } from '@/features/stores';
import { clearSession, refreshIfNeeded, restoreSession, watchGrants } from '@/features/auth';

type Navigate = (to: string, options?: { replace?: boolean }) => unknown;

/**
 * What every request does around it: refresh the sign-in first, show errors, and on a refused
 * session go to the sign-in page. Installed before the first request (main.tsx's prefetch).
 */
export function connectApi(
  navigate: Navigate,
  /** Where the app is now (the browser's address; a test's router keeps its own). */
  where: () => { pathname: string; search: string } = () => window.location,
): void {
  setApiHooks({
    beforeAuthenticatedRequest: () => refreshIfNeeded(),
    onError: (error) => useAppStore.getState().showError(error.message),
    onUnauthorized: (loginPath) => {
      clearSession();
      useAppStore.getState().showError(i18n.t('api.loginExpired'));
      const { pathname, search } = where();
      const here = `${pathname}${search}`;
      if (pathname !== loginPath) {
        void navigate(`${loginPath}?redirect=${encodeURIComponent(here)}`, { replace: true });
      }
    },
    onProofOfWork: showCheckingWhileSolving,
  });
  // Rights taken away (or given) show without opening the profile: on return and after a 403.
  stopWatchingGrants?.();
  stopWatchingGrants = watchGrants();
}
let stopWatchingGrants: (() => void) | undefined;

/** How long a proof of work may take unseen: most take well under a second. */
const CHECKING_AFTER_MS = 400;
let solving = 0;
let checkingTimer: ReturnType<typeof setTimeout> | undefined;
let closeChecking: (() => void) | undefined;

/**
 * 'Checking…' while the phone solves a proof of work the server asked for (a busy moment on a
 * shared network), once it takes long enough to notice; the call then goes on by itself. The
 * toast's code comes when a solve starts, while the 400 ms run.
 */
export function showCheckingWhileSolving(started: boolean): void {
  solving += started ? 1 : -1;
  if (started && solving === 1) {
    // Without its code (offline, say), the solve goes on unannounced.
    const toast = import('./checking-toast').catch(() => null);
    checkingTimer = setTimeout(() => {
      void toast.then((module) => {
        if (module && solving > 0 && !closeChecking) {
          closeChecking = module.showChecking(i18n.t('api.checking'));
        }
      });
    }, CHECKING_AFTER_MS);
  } else if (solving === 0) {
    clearTimeout(checkingTimer);
    closeChecking?.();
    closeChecking = undefined;
  }
}

let running: Promise<void> | undefined;

/** The start-up below, once it has ended (at once where it never ran, as in tests). */
export function bootstrapped(): Promise<void> {
  return running ?? Promise.resolve();
}

/**
 * Start-up after the app is mounted (spec §1): load the system configuration, initialise the
 * store data, restore the saved login.
 */
export function bootstrap(): Promise<void> {
  running = start();
  return running;
}

async function start(): Promise<void> {
  // In a task of its own, not in the one that mounts the app (main.tsx): reading the saved
  // configuration and session added 3–8 ms to that task on a 2-core server, four times as much
  // on a mid-range phone. `bootstrapped()` waits for it all the same.
  await nextTask();
  const app = useAppStore.getState();
  app.setLoading('loading', i18n.t('app.loading'));
  const started = Date.now();
  ensureVerificationCookie();
  const config = await useConfigStore.getState().load();
  initCurrentStore(config);
  // Opened from the cache: ask again behind it, so a reload shows what the business changed
  // (hours, parameters, the agreement) at once while the page never waits for the network.
  const { fetchedAt } = useConfigStore.getState();
  if (config && fetchedAt !== null && fetchedAt < started) void refreshStores({ force: true });
  restoreSession();
  app.setLoading(
    config ? 'success' : 'error',
    config ? '' : (useConfigStore.getState().error ?? ''),
  );
}
