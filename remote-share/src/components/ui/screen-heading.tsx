import { useEffect, useRef, type ReactNode } from 'react';

export interface ScreenHeadingProps {
  children: ReactNode;
  /** The screen's identity (a folder's path): when it changes, the heading takes the focus. */
  screenKey?: string;
  /** Take the focus when shown: the screen replaced another one after the page loaded. */
  focusOnMount: boolean;
  /** Shown to screen readers only (the screen shows its title in another way). */
  hidden?: boolean;
  className?: string;
  id?: string;
}

/**
 * A screen's one `h1`. When the screen changes under the visitor (the right extract code, a
 * folder opened, a crumb followed), the control they used is gone: focus moves here instead of
 * falling to the page, and a screen reader says where they are.
 */
export function ScreenHeading({
  children,
  screenKey,
  focusOnMount,
  hidden = false,
  className,
  id,
}: ScreenHeadingProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const shownKey = useRef<string | undefined | null>(null);
  useEffect(() => {
    const firstShow = shownKey.current === null;
    const changed = !firstShow && shownKey.current !== screenKey;
    shownKey.current = screenKey;
    if ((firstShow && focusOnMount) || changed) heading.current?.focus({ preventScroll: true });
  }, [screenKey, focusOnMount]);
  const classes = [hidden ? 'uk-visually-hidden' : '', 'ns-screen-heading', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <h1 ref={heading} id={id} className={classes} tabIndex={-1}>
      {children}
    </h1>
  );
}
