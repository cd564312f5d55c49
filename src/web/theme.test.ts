import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { AA, contrast } from './contrast';
import { theme } from './theme';
import { contrastCss, contrastVariables, surfaces } from './themeContrast';

// Every colour the theme hands to text reads at WCAG AA (4.5:1) on the surfaces it is drawn on, in both schemes.
const full = mergeMantineTheme(DEFAULT_THEME, theme);
const vars = contrastVariables(full);
const colors = full.colors as unknown as Record<string, readonly string[]>;
const bg = surfaces(colors);
const WHITE = '#ffffff';

function failures(pairs: [string, string, string][]): string[] {
  return pairs.filter(([, fg, b]) => contrast(fg, b) < AA).map(([what, fg, b]) => `${what}: ${fg} on ${b} = ${contrast(fg, b).toFixed(2)}`);
}

describe('theme contrast', () => {
  it('dimmed, placeholder, link, error and success text read at AA on every surface, light and dark', () => {
    const pairs: [string, string, string][] = [];
    for (const scheme of ['light', 'dark'] as const) {
      for (const k of ['dimmed', 'placeholder', 'anchor', 'error', 'success']) {
        for (const b of bg[scheme]) pairs.push([`${scheme} ${k}`, vars[scheme][`--mantine-color-${k}`]!, b]);
      }
    }
    pairs.push(['light disabled', vars.light['--mantine-color-disabled-color']!, colors.gray![2]!]);
    pairs.push(['dark disabled', vars.dark['--mantine-color-disabled-color']!, colors.dark![6]!]);
    expect(failures(pairs)).toEqual([]);
  });

  it('every colour: white on filled (buttons, badges), its text on the page, its tinted variant, light and dark', () => {
    const pairs: [string, string, string][] = [];
    for (const [name, s] of Object.entries(colors)) {
      const l = (k: string) => vars.light[`--mantine-color-${name}-${k}`]!;
      const d = (k: string) => vars.dark[`--mantine-color-${name}-${k}`]!;
      pairs.push([`light ${name} filled`, WHITE, l('filled')], [`light ${name} filled-hover`, WHITE, l('filled-hover')]);
      pairs.push([`dark ${name} filled`, WHITE, d('filled')], [`dark ${name} filled-hover`, WHITE, d('filled-hover')]);
      for (const b of [...bg.light, s[0]!]) pairs.push([`light ${name} text`, l('text'), b], [`light ${name} outline`, l('outline'), b]);
      for (const b of bg.dark) pairs.push([`dark ${name} text`, d('text'), b], [`dark ${name} outline`, d('outline'), b]);
      pairs.push([`light ${name} light-color`, l('light-color'), s[1]!], [`light ${name} light-color hover`, l('light-color'), s[2]!]);
    }
    expect(failures(pairs)).toEqual([]);
  });

  it('is served as CSS that outranks Mantine\'s variables, for both schemes', () => {
    const css = contrastCss();
    expect(css).toContain(`:root:root[data-mantine-color-scheme='light'] {`);
    expect(css).toContain(`  --mantine-color-dimmed: ${vars.light['--mantine-color-dimmed']};`);
    expect(css).toContain(`  --mantine-color-blue-filled: ${vars.dark['--mantine-color-blue-filled']};`);
  });

  it('screens name colours (c="dimmed", color="teal"), never a raw shade that bypasses the AA variables', () => {
    const src = new URL('..', import.meta.url).pathname;
    const files = (readdirSync(src, { recursive: true }) as string[]).filter((f) => f.endsWith('.tsx'));
    const raw = files.flatMap((f) =>
      [...readFileSync(join(src, f), 'utf8').matchAll(/\b(?:c|color|bg)=["'{]+[a-z]+\.\d["'}]/g)].map((m) => `${f}: ${m[0]}`),
    );
    expect(files.length).toBeGreaterThan(50);
    expect(raw).toEqual([]);
  });

  it("Mantine's own defaults fail the same checks (the test can fail)", () => {
    expect(contrast(colors.gray![6]!, WHITE)).toBeLessThan(AA); // dimmed #868e96: 3.32
    expect(contrast(WHITE, colors.blue![6]!)).toBeLessThan(AA); // primary button: 3.55
  });
});
