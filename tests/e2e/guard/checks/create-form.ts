import { join } from 'node:path';
import { type Scheme, animationsDone, axeBothSchemes, coloursTwiceIn } from '../../a11y';
import { SCREENS } from '../../harness';
import type { PageCheck } from '../checks';

/**
 * Every create form the demo admin can open from a list (issue 24): a screen whose "New" button carries the "n"
 * shortcut (`aria-keyshortcuts="n"`, as the generic list's does) has it pressed; the drawer or dialog that opens must
 * settle with no API answer >= 500 and no console error, and pass axe-core (WCAG 2.1 A/AA) in both schemes (the
 * second scheme's colour rules in one language of the two, as the page's own check: a11y.ts coloursTwiceIn); Escape
 * closes it. A "New" that opens a page of its own (`form.page`) is checked as that page's route. Counted in
 * `createForms` so the guard can tell that it ran.
 */
export const createForms: string[] = [];
const NEW = 'main button[aria-keyshortcuts~="n"]';

const check: PageCheck = {
  name: 'create form: opens, settles, axe-core in light and dark, Escape closes',
  run: async (page, v) => {
    const button = page.locator(NEW).first();
    if (!(await button.isVisible().catch(() => false))) return [];
    const where = `${new URL(v.url).pathname} (new)`;
    const errorsBefore = v.apiErrors.length + v.pageErrors.length;
    const before = page.url();
    await button.click();
    const dialog = page.locator('[role="dialog"]:has(form)').last();
    const opened = await Promise.race([
      dialog.waitFor({ state: 'visible', timeout: 10_000 }).then(() => 'dialog' as const),
      page.waitForURL((u) => u.href !== before, { timeout: 10_000 }).then(() => 'page' as const),
    ]).catch(() => 'nothing' as const);
    if (opened === 'page') return [];
    if (opened === 'nothing') return [`${where}: the "New" button opened no form`];
    createForms.push(where);
    const problems: string[] = [];
    if (!(await v.settle())) problems.push(`${where}: the form did not settle`);
    const shot = v.route.path === '/inventory/inventory/products'
      ? (scheme: Scheme) => page.screenshot({ path: join(SCREENS, `a11y-${v.locale}-${scheme}-form.png`) }).then(() => undefined)
      : undefined;
    problems.push(...(await axeBothSchemes(page, v.locale, where, { include: '[role="dialog"]', shot, otherScheme: !!shot || coloursTwiceIn(v.route.path) === v.locale })));
    const errors = [...v.apiErrors, ...v.pageErrors].slice(errorsBefore);
    problems.push(...errors.map((e) => `${where}: ${e}`));
    await page.keyboard.press('Escape');
    const closed = await page.locator('[role="dialog"]').first().waitFor({ state: 'detached', timeout: 10_000 }).then(() => true, () => false);
    if (!closed) problems.push(`${where}: Escape did not close the form`);
    await animationsDone(page);
    return problems;
  },
};

export default check;
