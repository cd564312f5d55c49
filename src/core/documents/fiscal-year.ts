/**
 * The first day of the fiscal year that contains `date` (YYYY-MM-DD), for a year starting on `day`/`month`.
 * Consistent with fiscalYearOf (core/db/sequences.ts): a start day past the month's end (e.g. 31 in a 30-day
 * month) means the year starts on the 1st of the next month. Isomorphic: the server's report defaults and the
 * web's filters use the same function.
 */
const pad = (n: number) => String(n).padStart(2, '0');

function startIn(year: number, month: number, day: number): string {
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day <= last) return `${year}-${pad(month)}-${pad(day)}`;
  return month === 12 ? `${year + 1}-01-01` : `${year}-${pad(month + 1)}-01`;
}

export function fiscalYearStart(date: string, month = 1, day = 1): string {
  const start = startIn(Number(date.slice(0, 4)), month, day);
  return start <= date.slice(0, 10) ? start : startIn(Number(date.slice(0, 4)) - 1, month, day);
}
