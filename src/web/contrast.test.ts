import { describe, expect, it } from 'vitest';
import { AA_TARGET, contrast, mix, readable } from './contrast';

describe('contrast', () => {
  it('computes the WCAG ratio: black on white 21, same colour 1, Mantine dimmed on white 3.32', () => {
    expect(contrast('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrast('#868e96', '#868e96')).toBe(1);
    expect(contrast('#868e96', '#ffffff')).toBeCloseTo(3.32, 2);
  });

  it('mixes toward a colour and finds the nearest readable shade', () => {
    expect(mix('#ffffff', '#000000', 0.5)).toBe('#808080');
    const c = readable('#868e96', ['#ffffff', '#f8f9fa'], '#000000');
    expect(contrast(c, '#f8f9fa')).toBeGreaterThanOrEqual(AA_TARGET);
    expect(c).not.toBe('#868e96');
    expect(readable('#000000', ['#ffffff'], '#000000')).toBe('#000000');
  });
});
