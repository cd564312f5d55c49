/**
 * The demo company's year: the twelve months that end with the company's current month (companyToday), so that a
 * fresh demo shows a year of business whenever it is made. Opening balances are dated the first day of the first
 * month; a day of the current month after today is not used (the books hold nothing in the future).
 */
export interface DemoMonth {
  /** 0 (the oldest) .. 11 (the current month). */
  index: number;
  /** YYYY-MM */
  month: string;
  /** The month's day `d` (clamped to its last day) as YYYY-MM-DD, or null when it is after today. */
  day(d: number): string | null;
}

const pad = (n: number) => String(n).padStart(2, '0');

export function demoYear(today: string): { start: string; months: DemoMonth[] } {
  const [ty, tm] = today.split('-').map(Number) as [number, number];
  const months: DemoMonth[] = [];
  for (let i = 0; i < 12; i++) {
    const k = ty * 12 + (tm - 1) - 11 + i;
    const y = Math.floor(k / 12);
    const m = (k % 12) + 1;
    const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
    const month = `${y}-${pad(m)}`;
    months.push({
      index: i, month,
      day: (d) => {
        const iso = `${month}-${pad(Math.min(Math.max(d, 1), last))}`;
        return iso > today ? null : iso;
      },
    });
  }
  return { start: `${months[0]!.month}-01`, months };
}
