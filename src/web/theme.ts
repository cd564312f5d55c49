import { type MantineBreakpointsValues, createTheme } from '@mantine/core';

/**
 * Breakpoints of the spec in px (xs 0, sm 600, md 960, lg 1280, xl 1920, xxl 2560) written in em as Mantine
 * wants them (px / 16). Below lg the layout is "mobile": the navbar becomes a drawer.
 * Noto Sans Arabic comes first in the font stack; its @font-face only covers Arabic code points, so Latin
 * text keeps the system font and the Arabic font file is only downloaded when Arabic text is shown.
 *
 * Contrast (WCAG 2.1 AA, issue 24) is decided once for every screen in themeContrast.ts, from this theme's
 * colours, and served as CSS built with the app (`virtual:contrast.css`, see vite.config.ts).
 */
declare module '@mantine/core' {
  export interface MantineThemeSizesOverride {
    breakpoints: Record<'xs' | 'sm' | 'md' | 'lg' | 'xl' | 'xxl', string>;
  }
}

const breakpoints = {
  xs: '0em',
  sm: '37.5em',
  md: '60em',
  lg: '80em',
  xl: '120em',
  xxl: '160em',
} satisfies MantineBreakpointsValues;

const fontFamily =
  "'Noto Sans Arabic', system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

export const theme = createTheme({
  breakpoints,
  fontFamily,
  headings: { fontFamily },
  primaryColor: 'blue',
  defaultRadius: 'md',
  cursorType: 'pointer',
});
