/**
 * Colour contrast as WCAG 2.1 defines it (relative luminance, (L1 + 0.05) / (L2 + 0.05)), and the one way the theme
 * makes a colour readable: mix it toward black (light scheme) or white (dark scheme) in small steps until it has
 * at least `min` against every background it is drawn on. AA asks 4.5:1 for normal text; the theme aims a little
 * higher (AA_TARGET) so that anti-aliasing and the browser's rounding never land a pair just under the line.
 */
export const AA = 4.5;
export const AA_TARGET = 4.6;

type Rgb = [number, number, number];

export function parseHex(hex: string): Rgb {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as Rgb;
}

export function toHex([r, g, b]: Rgb): string {
  return '#' + [r, g, b].map((v) => Math.round(Math.min(255, Math.max(0, v))).toString(16).padStart(2, '0')).join('');
}

function channel(v: number): number {
  const s = v / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

export function luminanceOf(hex: string): number {
  const [r, g, b] = parseHex(hex);
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrast(a: string, b: string): number {
  const [l1, l2] = [luminanceOf(a), luminanceOf(b)].sort((x, y) => y - x) as [number, number];
  return (l1 + 0.05) / (l2 + 0.05);
}

/** `hex` mixed with `toward` by `amount` (0..1), in sRGB as CSS color-mix does. */
export function mix(hex: string, toward: string, amount: number): string {
  const a = parseHex(hex);
  const b = parseHex(toward);
  return toHex(a.map((v, i) => v + (b[i]! - v) * amount) as Rgb);
}

/**
 * `fg`, or the nearest colour toward `toward` ('#000000' darkens, '#ffffff' lightens) that reads at `min` or better
 * on each of `backgrounds`. Throws if even black or white would not (a background in the middle of the range).
 */
export function readable(fg: string, backgrounds: string[], toward: string, min = AA_TARGET): string {
  for (let step = 0; step <= 50; step++) {
    const c = mix(fg, toward, step / 50);
    if (backgrounds.every((bg) => contrast(c, bg) >= min)) return c;
  }
  throw new Error(`no readable shade of ${fg} on ${backgrounds.join(', ')}`);
}
