import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, type E2E, startE2E, waitPath } from './harness';

/**
 * A password an administrator set must be changed at the next sign-in: the app shows only the password change
 * (in both languages), then the home page once it is done.
 */
let e: E2E;
beforeAll(async () => { e = await startE2E(); });
afterAll(async () => { await e?.close(); });

const L = {
  en: { prefix: '', title: 'Choose a new password', user: 'Username', pw: 'Password', signIn: 'Sign in', current: 'Current password', next: 'New password', repeat: 'Repeat new password', change: 'Change password' },
  ar: { prefix: '/ar', title: 'اختر كلمة مرور جديدة', user: 'اسم المستخدم', pw: 'كلمة المرور', signIn: 'تسجيل الدخول', current: 'كلمة المرور الحالية', next: 'كلمة المرور الجديدة', repeat: 'أعد كتابة كلمة المرور الجديدة', change: 'تغيير كلمة المرور' },
} as const;

for (const lang of ['en', 'ar'] as const) {
  describe(`forced password change in ${lang}`, () => {
    it('shows only the password change after an administrator set the password, then the app', async () => {
      const t = L[lang];
      const { page, context, errors } = await e.newPage();
      const api = context.request;
      expect((await api.post(`${e.base}/api/auth/login`, { data: ADMIN })).status()).toBe(200);
      const made = await (await api.post(`${e.base}/api/admin/users`, { data: { username: `forced-${lang}`, fullName: 'Forced', password: 'first-pass-12' } })).json();
      expect((await api.patch(`${e.base}/api/admin/users/${made.id}`, { data: { password: 'given-pass-12', version: made.version } })).status()).toBe(200);
      await api.post(`${e.base}/api/auth/logout`);

      await page.goto(`${e.base}${t.prefix}/login`);
      await page.getByLabel(t.user).fill(`forced-${lang}`);
      await page.getByLabel(t.pw, { exact: true }).fill('given-pass-12');
      await page.getByRole('button', { name: t.signIn }).click();
      await expect.poll(() => page.getByRole('heading', { name: t.title }).count(), { timeout: 15000 }).toBe(1);
      expect(await page.getByRole('navigation').count()).toBe(0);
      await e.shot(page, `${lang}-password-change-required`);
      await page.getByLabel(t.current, { exact: true }).fill('given-pass-12');
      await page.getByLabel(t.next, { exact: true }).fill('my-own-pass-12');
      await page.getByLabel(t.repeat, { exact: true }).fill('my-own-pass-12');
      await page.getByRole('button', { name: t.change, exact: true }).click();
      await expect.poll(() => page.getByRole('navigation').count(), { timeout: 15000 }).toBeGreaterThan(0);
      expect(await page.getByRole('heading', { name: t.title }).count()).toBe(0);
      await waitPath(page, /\/home$/);
      expect(errors.filter((m) => !/403/.test(m))).toEqual([]);
      await context.close();
    });
  });
}
