import { describe, expect, it } from 'vitest';
import { initialJs } from '../../bench/bundle-size.bench';

/** The production build's initial JavaScript (entry + preloaded chunks, gzip) stays within 170 KB. */
describe('production build', () => {
  it('ships at most 170 KB of gzipped JavaScript before the first screen', () => {
    const r = initialJs();
    expect(r.files.length).toBeGreaterThan(0);
    console.log(`initial JS: ${(r.gzipBytes / 1024).toFixed(1)} KB gzip in ${r.files.length} files`);
    expect(r.gzipBytes).toBeLessThanOrEqual(170 * 1024);
  });
});
