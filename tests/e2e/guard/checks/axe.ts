import { join } from 'node:path';
import { type Scheme, axeBothSchemes, coloursTwiceIn } from '../../a11y';
import { SCREENS } from '../../harness';
import type { PageCheck } from '../checks';

/**
 * WCAG 2.1 A and AA on every page the demo admin opens (issue 24): axe-core once the page has settled with its
 * data, in the scheme it is in, then (in one of the two languages, coloursTwiceIn) the colour rules in the other
 * one on the same page (no reload). A new screen cannot land with a violation. A photographed page is checked in
 * both schemes in both languages. A list, a report and the home page are also photographed in each language and scheme
 * (test-results/screens/a11y-<locale>-<scheme>-<name>.png) for a person to look at.
 */
const SHOTS: Record<string, string> = {
  '/inventory/inventory/products': 'list',
  '/inventory/reports/stock-balance': 'report',
  '/home': 'home',
};

const check: PageCheck = {
  name: 'axe-core, WCAG 2.1 A/AA, light and dark',
  run: async (page, v) => {
    const shotName = SHOTS[v.route.path];
    const shot = shotName ? (scheme: Scheme) => page.screenshot({ path: join(SCREENS, `a11y-${v.locale}-${scheme}-${shotName}.png`) }).then(() => undefined) : undefined;
    return axeBothSchemes(page, v.locale, new URL(v.url).pathname, { shot, otherScheme: !!shotName || coloursTwiceIn(v.route.path) === v.locale });
  },
};

export default check;
