import { useEffect, useEffectEvent } from 'react';
import { create } from 'zustand';

type Handler = (text: string) => void;

const useWedgeTargets = create<{ targets: Handler[] }>(() => ({ targets: [] }));

/** Where a keyboard-wedge scan goes now: the newest panel that asked for scans, if any. */
export function currentWedgeTarget(): Handler | undefined {
  return useWedgeTargets.getState().targets.at(-1);
}

/**
 * While `active`, keyboard-wedge scans on the page go to `onScan` instead of smart scan (e.g. the
 * handover panel collecting the items going out).
 */
export function useWedgeTarget(onScan: Handler, active: boolean) {
  const handle = useEffectEvent(onScan);
  useEffect(() => {
    if (!active) return;
    const target: Handler = (text) => handle(text);
    useWedgeTargets.setState((s) => ({ targets: [...s.targets, target] }));
    return () =>
      useWedgeTargets.setState((s) => ({ targets: s.targets.filter((t) => t !== target) }));
  }, [active]);
}
