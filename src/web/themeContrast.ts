import { type CSSVariablesResolver, DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { mix, readable } from './contrast';
import { theme } from './theme';

/**
 * Contrast (WCAG 2.1 AA, 4.5:1, issue 24), decided here once for every screen: Mantine's colour variables are
 * replaced by the nearest shades that read at AA on the surfaces they are drawn on, in light and dark (dimmed text,
 * placeholders, links, error/success, every colour's filled/light/outline/text variants, disabled text). Screens
 * use colour names (`c="dimmed"`, `color="teal"`), never raw shades, so they inherit it; theme.test.ts checks
 * every pair. Computed at build time (vite.config.ts serves `contrastCss()` as `virtual:contrast.css`), so
 * none of it weighs on the initial JavaScript.
 */
const BLACK = '#000000';
const WHITE = '#ffffff';

/** The surfaces text is drawn on: page, striped/hovered rows, Paper, inputs (light: white, gray 0-1; dark: dark 5-8). */
export function surfaces(colors: Record<string, readonly string[]>) {
  return { light: [WHITE, colors.gray![0]!, colors.gray![1]!], dark: [colors.dark![5]!, colors.dark![6]!, colors.dark![7]!, colors.dark![8]!] };
}

export const contrastVariables: CSSVariablesResolver = (full) => {
  const c = full.colors as unknown as Record<string, readonly string[]>;
  const bg = surfaces(c);
  const light: Record<string, string> = {};
  const dark: Record<string, string> = {};
  for (const [name, s] of Object.entries(c)) {
    const v = `--mantine-color-${name}`;
    // light: white text on filled; coloured text on the page and on its own pale tint; tinted ("light") variant
    const lFilled = readable(s[6]!, [WHITE], BLACK);
    const lText = readable(s[6]!, [...bg.light, s[0]!], BLACK);
    Object.assign(light, {
      [`${v}-filled`]: lFilled,
      [`${v}-filled-hover`]: mix(lFilled, BLACK, 0.12),
      [`${v}-text`]: lText,
      [`${v}-outline`]: lText,
      [`${v}-light-color`]: readable(s[9]!, [s[1]!, s[2]!], BLACK),
    });
    // dark: the same roles on dark surfaces (the tint is color 9 darkened by half, hovered by 30%)
    const dFilled = readable(s[8]!, [WHITE], BLACK);
    const dText = readable(s[4]!, bg.dark, WHITE);
    Object.assign(dark, {
      [`${v}-filled`]: dFilled,
      [`${v}-filled-hover`]: mix(dFilled, BLACK, 0.12),
      [`${v}-text`]: dText,
      [`${v}-outline`]: dText,
      [`${v}-light-color`]: readable(s[0]!, [mix(s[9]!, BLACK, 0.5), mix(s[9]!, BLACK, 0.3)], WHITE),
    });
  }
  const p = `--mantine-color-${full.primaryColor}`;
  Object.assign(light, {
    '--mantine-color-dimmed': readable(c.gray![6]!, bg.light, BLACK),
    '--mantine-color-placeholder': readable(c.gray![6]!, bg.light, BLACK),
    '--mantine-color-disabled-color': readable(c.gray![6]!, [c.gray![2]!], BLACK),
    '--mantine-color-anchor': light[`${p}-text`]!,
    '--mantine-color-error': readable(c.red![6]!, [...bg.light, c.red![0]!], BLACK),
    '--mantine-color-success': readable(c.teal![8]!, bg.light, BLACK),
  });
  Object.assign(dark, {
    '--mantine-color-dimmed': readable(c.dark![2]!, bg.dark, WHITE),
    '--mantine-color-placeholder': readable(c.dark![3]!, bg.dark, WHITE),
    '--mantine-color-disabled-color': readable(c.dark![3]!, [c.dark![6]!], WHITE),
    '--mantine-color-anchor': dark[`${p}-text`]!,
    '--mantine-color-error': readable(c.red![6]!, bg.dark, WHITE),
    '--mantine-color-success': readable(c.teal![6]!, bg.dark, WHITE),
  });
  return { variables: {}, light, dark };
};

/** The variables as a style sheet; `:root:root` outranks the `:root` rules Mantine injects at run time. */
export function contrastCss(): string {
  const vars = contrastVariables(mergeMantineTheme(DEFAULT_THEME, theme));
  const block = (scheme: 'light' | 'dark') =>
    `:root:root[data-mantine-color-scheme='${scheme}'] {\n${Object.entries(vars[scheme]).map(([k, v]) => `  ${k}: ${v};`).join('\n')}\n}\n`;
  return block('light') + block('dark');
}
