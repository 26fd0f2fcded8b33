import { createContext, useContext, useEffect, useRef } from 'react';
import type { History, Location } from 'history';

/**
 * The app's session history (app/app.tsx gives the browser's; tests a memory one). The router
 * reads locations from it, and a page that must not be left unasked blocks it.
 */
export const HistoryContext = createContext<History | null>(null);

/**
 * While `active`, leaving the page (a link, a navigation, the back button) first asks `ask`
 * whether to go to `to`; closing the tab asks the browser's own question. Where no history is
 * given (a page rendered on its own), nothing is guarded.
 */
export function useLeaveGuard(active: boolean, ask: (to: Location) => Promise<boolean>): void {
  const history = useContext(HistoryContext);
  const latestAsk = useRef(ask);
  useEffect(() => {
    latestAsk.current = ask;
  });
  useEffect(() => {
    if (!history || !active) return;
    const unblock = history.block((transition) => {
      void latestAsk.current(transition.location).then((leave) => {
        if (!leave) return;
        unblock();
        transition.retry();
      });
    });
    return unblock;
  }, [history, active]);
}
