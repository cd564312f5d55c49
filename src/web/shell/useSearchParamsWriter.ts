import { useCallback, useLayoutEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The URL's query for a screen that keeps its state there (a list's search and sort, a report's filters), with
 * writes that compose: a change made before the one before it has rendered keeps it.
 *
 * A navigation renders later: the router runs it asynchronously and React renders it in a transition, which a busy
 * page can stretch to hundreds of ms. react-router's functional `setSearchParams` starts from the params of the last
 * render, so a second change made meanwhile undid the first (a list's debounced search put an old sort back,
 * tests/e2e/search-params-race.e2e.test.ts; a report's Top N dropped the period chosen just before, and its PDF came
 * out without the months). So the screen keeps its navigations not yet rendered, oldest first: a render takes off
 * the one it shows and those before it (React may skip to the newest); a URL the screen did not make (Back, a link)
 * empties them. Only when none is waiting does a change start from what was last rendered: `shown`, set at commit,
 * because a debounced callback may be an older render's.
 */
export function useSearchParamsWriter() {
  const [params, setParams] = useSearchParams();
  const rendered = params.toString();
  const shown = useRef(rendered);
  const pending = useRef<string[]>([]);
  useLayoutEffect(() => {
    shown.current = rendered;
    const i = pending.current.indexOf(rendered);
    pending.current = i < 0 ? [] : pending.current.slice(i + 1);
  }, [rendered]);

  /** Changes the newest URL this screen made (or the one shown) in place; replaces the history entry. */
  const write = useCallback((change: (next: URLSearchParams) => void) => {
    const next = new URLSearchParams(pending.current.at(-1) ?? shown.current);
    change(next);
    pending.current.push(next.toString());
    setParams(next, { replace: true, preventScrollReset: true });
  }, [setParams]);

  return [params, write] as const;
}
