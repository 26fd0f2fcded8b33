import { setApiHooks } from '@/lib/api-client';
import { useSession } from './session-store';

/**
 * The refresh itself (permissions-refresh.ts, with the application configuration's call) comes
 * when first needed: the shell every page starts with only listens.
 */
const refresher = () => import('./permissions-refresh');

/**
 * Only a signed-in user has grants to refresh: a visitor never fetches the refresh. Without its
 * code (offline), what is shown stays, as when the call fails; the next return tries again.
 */
function whenSignedIn(refresh: (module: Awaited<ReturnType<typeof refresher>>) => void): void {
  if (useSession.getState().accessToken) void refresher().then(refresh, () => undefined);
}

/**
 * Keeps the granted permissions fresh while the app runs: when the window regains focus or
 * becomes visible, and after a 403. Returns what stops it.
 */
export function watchGrants(): () => void {
  const handleFocus = () => whenSignedIn((m) => m.refreshOnReturn());
  const handleVisibility = () => {
    if (document.visibilityState === 'visible') whenSignedIn((m) => m.refreshOnReturn());
  };
  window.addEventListener('focus', handleFocus);
  document.addEventListener('visibilitychange', handleVisibility);
  setApiHooks({ onForbidden: () => whenSignedIn((m) => m.refreshAfterForbidden()) });
  return () => {
    window.removeEventListener('focus', handleFocus);
    document.removeEventListener('visibilitychange', handleVisibility);
    setApiHooks({ onForbidden: () => undefined });
  };
}
