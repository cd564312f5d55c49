import { type SQL, sql } from 'drizzle-orm';
import type { Ctx } from '../http/context';
import type { Label } from '../i18n/locale';

/**
 * The home page's setup checklist: each module registers the steps it owns (an imported function at server start,
 * like company setup steps), each with an SQL condition on the company's own data, never a click. `checklistOf`
 * answers every step's tick from ONE statement (one EXISTS/condition per step), so the list costs one round trip
 * however many modules add steps.
 */
export interface ChecklistStep {
  key: string;
  /** Position on the list (lower first). */
  order: number;
  label: Label;
  /** What to do, one line. */
  hint: Label;
  /** The web route the step opens. */
  route: string;
  /** A boolean SQL expression for the company whose id is `companyId`. */
  done: (companyId: number) => SQL;
}

const steps: ChecklistStep[] = [];

export function registerChecklistStep(step: ChecklistStep): void {
  if (!steps.some((s) => s.key === step.key)) steps.push(step);
  steps.sort((a, b) => a.order - b.order);
}

export interface ChecklistAnswer {
  complete: boolean;
  steps: { key: string; label: Label; hint: Label; route: string; done: boolean }[];
}

export async function checklistOf(ctx: Ctx): Promise<ChecklistAnswer> {
  if (!steps.length) return { complete: true, steps: [] };
  const cols = sql.join(steps.map((s, i) => sql`coalesce((${s.done(ctx.companyId)}), false) AS ${sql.identifier(`s${i}`)}`), sql`, `);
  const row = (await ctx.db.orm.execute(sql`SELECT ${cols}`)).rows[0] as Record<string, boolean>;
  const out = steps.map((s, i) => ({ key: s.key, label: s.label, hint: s.hint, route: s.route, done: row[`s${i}`] === true }));
  return { complete: out.every((s) => s.done), steps: out };
}
