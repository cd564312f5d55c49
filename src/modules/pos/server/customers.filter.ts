import { type SQL, sql } from 'drizzle-orm';
import { type RangeOp, boundsReversed, decimalBoundProblem, rangeBoundLabel, reversedMessage } from '../../../core/entity/decimal-bound';
import type { DecimalField } from '../../../core/entity/field';
import { fieldProblem } from '../../../core/http/errors';
import { customers } from '../model/customer.preset';

/**
 * The customers list's balance filter: `filter[balance][gte]` (Balance from) and `filter[balance][lte]` (Balance to),
 * either or both, the list filters' range style (a date's `filter[date][gte]`), in the URL as `f.balance.gte` /
 * `f.balance.lte` by the generic list screen. Each is an exact decimal (at most 4 decimals, at most the balance's
 * integer digits); a malformed one, or from > to, is a 400 naming the bound in the caller's language, as the list's
 * other parameters are (core/entity/list-query.ts), and nothing is read. The bounds go to SQL as bound `numeric`
 * parameters (never floats) and are compared to the balance with a customer without lines at 0 (customers.ts).
 * Any other `filter[balance]` form is left in the query, where the contacts list refuses it ("Cannot filter by").
 */
export interface BalanceRange { gte: string | null; lte: string | null }

const KEY = 'balance';
const param = (op: RangeOp) => `filter[${KEY}][${op}]`;

/** The query without the balance bounds, and the bounds (null when neither is given). */
export function balanceRange(query: Record<string, unknown>): { rest: Record<string, unknown>; range: BalanceRange | null } {
  const field = customers.def.fields[KEY] as DecimalField;
  const rest = { ...query };
  const range: BalanceRange = { gte: null, lte: null };
  for (const op of ['gte', 'lte'] as const) {
    const v = rest[param(op)];
    delete rest[param(op)];
    const raw = Array.isArray(v) ? String(v[0] ?? '') : v === undefined ? '' : String(v);
    if (raw === '') continue;
    const problem = decimalBoundProblem(raw, field);
    if (problem) throw fieldProblem(400, KEY, rangeBoundLabel(field.label, op), problem.message, problem.vars);
    range[op] = raw;
  }
  if (range.gte !== null && range.lte !== null && boundsReversed(range.gte, range.lte)) {
    throw fieldProblem(400, KEY, rangeBoundLabel(field.label, 'gte'), reversedMessage(field.label));
  }
  return { rest, range: range.gte === null && range.lte === null ? null : range };
}

/** The range as conditions on `balance` (an SQL expression: the customer's balance, 0 without lines), ANDed. */
export function balanceRangeSql(balance: SQL, range: BalanceRange | null): SQL {
  const parts: SQL[] = [];
  if (range?.gte != null) parts.push(sql` AND ${balance} >= ${range.gte}::numeric`);
  if (range?.lte != null) parts.push(sql` AND ${balance} <= ${range.lte}::numeric`);
  return sql.join(parts);
}
