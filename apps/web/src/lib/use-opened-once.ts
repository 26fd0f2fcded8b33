import { useState } from 'react';

/**
 * True from the first time `open` is: a popup's code loads when it is first opened, and the popup
 * stays mounted after that so it can play its closing animation and open again at once.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
