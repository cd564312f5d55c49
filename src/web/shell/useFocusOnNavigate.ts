import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * After a move to another page (not on the first load, not on a change of the query string), focus goes to the new
 * page's title, the <h1> in <main>, so a screen reader announces where the user is and Tab continues from the
 * page's top. Lazy screens render late: the title is looked for for up to 3 s. If the user has meanwhile put the
 * focus anywhere else (the new page, the command palette), it is left there.
 */
/** Puts the keyboard focus on the page's title (the <h1> in <main>); false when the page has none yet. */
export function focusTitle(): boolean {
  const h = document.querySelector<HTMLElement>('main h1');
  if (!h) return false;
  if (!h.hasAttribute('tabindex')) h.tabIndex = -1;
  h.focus({ preventScroll: true });
  return true;
}

export function useFocusOnNavigate(): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // The old page stays on screen while the new one loads (navigations are transitions): its title is not the new one.
    const old = document.querySelector('main h1');
    const oldText = old?.textContent;
    const before = document.activeElement;
    let tries = 0;
    let timer = 0;
    const seek = () => {
      const active = document.activeElement;
      // The user moved the focus meanwhile (into the new page, the command palette, a menu): leave it there.
      if (active && active !== before && active !== document.body && active !== old) return;
      const h = document.querySelector('main h1');
      if (h && (h !== old || h.textContent !== oldText || tries >= 60)) focusTitle();
      else if (tries++ < 60) timer = window.setTimeout(seek, 50);
    };
    timer = window.setTimeout(seek, 0);
    return () => window.clearTimeout(timer);
  }, [pathname]);
}
