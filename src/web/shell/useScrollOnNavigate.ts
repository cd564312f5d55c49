import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * On a page change the window scrolls to the top, or to the element named by the hash, smoothly over 300 ms
 * (instantly when the user prefers reduced motion). Lazy screens may render the hash target a little later,
 * so we look for it for up to one second. The fixed header's height is kept clear.
 */
const DURATION = 300;
const HEADER_OFFSET = 64;

function animateScroll(top: number) {
  const start = window.scrollY;
  const distance = top - start;
  if (Math.abs(distance) < 1) return;
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
    window.scrollTo(0, top);
    return;
  }
  const t0 = performance.now();
  const step = (now: number) => {
    const p = Math.min(1, (now - t0) / DURATION);
    const eased = p < 0.5 ? 2 * p * p : 1 - (-2 * p + 2) ** 2 / 2;
    window.scrollTo(0, start + distance * eased);
    if (p < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

export function useScrollOnNavigate() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) {
      animateScroll(0);
      return;
    }
    const id = decodeURIComponent(hash.slice(1));
    let tries = 0;
    let timer = 0;
    const seek = () => {
      const el = document.getElementById(id);
      if (el) animateScroll(el.getBoundingClientRect().top + window.scrollY - HEADER_OFFSET);
      else if (tries++ < 20) timer = window.setTimeout(seek, 50);
    };
    seek();
    return () => window.clearTimeout(timer);
  }, [pathname, hash]);
}
