import { useState } from 'react';

/**
 * True from the first time `open` is true on. A dialog whose code loads on first use is mounted
 * from then on, so its chunk is not fetched before it is needed and it can animate closed.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
