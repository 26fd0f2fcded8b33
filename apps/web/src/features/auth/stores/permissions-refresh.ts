import { getApplicationConfiguration } from '../api/get-application-configuration';
import { applyGrants, useSession } from './session-store';

/** Coming back to the app asks again at most this often. */
export const RETURN_REFRESH_INTERVAL_MS = 30_000;
/** 403s this close together are one burst: one refresh for all of them. */
export const FORBIDDEN_BURST_MS = 5_000;

let inFlight: Promise<void> | null = null;
let lastReturnRefresh = Number.NEGATIVE_INFINITY;
let lastForbiddenRefresh = Number.NEGATIVE_INFINITY;

/**
 * Asks the server which roles and permissions the signed-in user holds now (the application
 * configuration) and shows that: buttons of a right taken away disappear, those of one given
 * appear. Nothing changes when the answer does not come.
 */
export function refreshGrants(): Promise<void> {
  if (!useSession.getState().accessToken) return Promise.resolve();
  inFlight ??= (async () => {
    try {
      const { currentUser, auth } = await getApplicationConfiguration();
      // Signed out meanwhile (the next call's 401 says so): keep what is shown until then.
      if (!currentUser.isAuthenticated || !useSession.getState().accessToken) return;
      const granted = Object.entries(auth.grantedPolicies)
        .filter(([, yes]) => yes)
        .map(([name]) => name);
      applyGrants(currentUser.roles, granted);
    } catch {
      // Offline or refused: what is shown stays; the server still checks every call.
    }
  })().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/** Back to the app (focus, the tab shown again): refresh, at most every 30 s. */
export function refreshOnReturn(now: number = Date.now()): void {
  if (now - lastReturnRefresh < RETURN_REFRESH_INTERVAL_MS) return;
  lastReturnRefresh = now;
  void refreshGrants();
}

/** A 403 from the API: one refresh per burst of them. */
export function refreshAfterForbidden(now: number = Date.now()): void {
  if (now - lastForbiddenRefresh < FORBIDDEN_BURST_MS) return;
  lastForbiddenRefresh = now;
  void refreshGrants();
}
