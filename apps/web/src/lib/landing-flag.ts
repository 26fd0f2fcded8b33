import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A one-time flag on the address (`?paid=1`, where a payment lands): true for this visit, then
 * taken off the address, so Back from the next page (a receipt) or a reload does not announce it
 * again.
 */
export function useLandingFlag(name: string): boolean {
  return useLandingValue(name) === '1';
}

/** The same for a value (`?placed=202611290012`, the order an agent just placed). */
export function useLandingValue(name: string): string | null {
  const [params, setParams] = useSearchParams();
  const [landed] = useState(() => params.get(name));
  useEffect(() => {
    if (!params.has(name)) return;
    const next = new URLSearchParams(params);
    next.delete(name);
    setParams(next, { replace: true });
  }, [params, name, setParams]);
  return landed;
}
