import { createContext, useContext, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** Where an action-button page puts its bottom actions (the layout owns the fixed bar). */
export const ActionBarContext = createContext<HTMLElement | null>(null);

export function ActionBar({ children }: { children: ReactNode }) {
  const slot = useContext(ActionBarContext);
  return slot ? createPortal(children, slot) : null;
}
