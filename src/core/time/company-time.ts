/**
 * Company time: the ONE place that says what "now" and "today" are (server and web, isomorphic).
 *
 * A company keeps its books on its own calendar, the IANA time zone in companies.time_zone: at 00:30 in Riyadh
 * (21:30 UTC the day before) a payment is dated the Riyadh day. Every business date the system picks by itself
 * (a default date, "today" of the overdue job, a report's default period, a document date) is `companyToday`;
 * every instant (a timestamp) is `now()`. Nothing else reads the system clock for either: tests pin it with
 * `setClock`, and a date computed from `new Date()` elsewhere would be the UTC (or browser) day, not the company's.
 */
export type Clock = () => Date;
const systemClock: Clock = () => new Date();
let clock: Clock = systemClock;

/** Tests only: pin the clock (`setClock(() => new Date('2026-03-31T21:30:00Z'))`); `setClock(null)` restores it. */
export function setClock(c: Clock | null): void {
  clock = c ?? systemClock;
}

/** The current instant. */
export const now = (): Date => clock();

/** Anything that knows its company's zone: a request's Ctx, the web's `me.company`, a companies row. */
export interface Zoned { timeZone: string }

const formats = new Map<string, Intl.DateTimeFormat>();
function formatOf(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    });
    if (formats.size < 1000) formats.set(timeZone, f);
  }
  return f;
}

/** Wall-clock date (YYYY-MM-DD) and time (HH:MM:SS) of an instant in a time zone. */
export function wallClock(timeZone: string, at: Date): { date: string; time: string } {
  const p: Record<string, string> = {};
  for (const part of formatOf(timeZone).formatToParts(at)) p[part.type] = part.value;
  return { date: `${p.year!.padStart(4, '0')}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}:${p.second}` };
}

/** The company's date today: what "today" means for its documents, defaults, reports and due dates. */
export function companyToday(z: Zoned): string {
  return wallClock(z.timeZone, clock()).date;
}

/** The current instant with the company's wall-clock date and time at it. */
export function companyNow(z: Zoned): { instant: Date; date: string; time: string } {
  const instant = clock();
  return { instant, ...wallClock(z.timeZone, instant) };
}

/** Zone names are IANA names ("Asia/Riyadh", "UTC"): letters first, no bare offsets such as "+03:00". */
const NAME_RE = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/;

/** The canonical spelling of an IANA time zone name Intl knows ("asia/riyadh" -> "Asia/Riyadh"), or null. */
export function canonicalTimeZone(name: unknown): string | null {
  if (typeof name !== 'string' || name.length > 64 || !NAME_RE.test(name)) return null;
  try {
    const resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
    return NAME_RE.test(resolved) ? resolved : null;
  } catch {
    return null;
  }
}
