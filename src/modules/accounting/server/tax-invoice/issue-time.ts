import { now, wallClock } from '../../../../core/time/company-time';

/**
 * An invoice's issue instant (`invoices.issued_at`), set once when it is confirmed: its date at the confirmation's
 * wall-clock time in the company's zone. For an invoice dated today that is the moment of confirmation; one dated
 * earlier keeps its date, so the printed issue date, its time and the QR's timestamp (tags 3) always agree. The
 * migration that added the column gave earlier invoices the same rule from their entry's posting time.
 */
export function issueInstant(date: string, timeZone: string, at: Date = now()): Date {
  const { time } = wallClock(timeZone, at);
  return zonedInstant(date, time, timeZone);
}

/** The instant whose wall clock in `timeZone` reads `date` `time` (the later one in a DST overlap, the shifted one in a gap). */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const target = Date.parse(`${date}T${time}Z`);
  let guess = target;
  for (let i = 0; i < 3; i++) {
    const w = wallClock(timeZone, new Date(guess));
    const diff = target - Date.parse(`${w.date}T${w.time}Z`);
    if (diff === 0) break;
    guess += diff;
  }
  return new Date(guess);
}

/** The issue date and time as the company's wall clock reads them (printing). */
export function issueWallClock(issuedAt: Date | string, timeZone: string): { date: string; time: string } {
  return wallClock(timeZone, issuedAt instanceof Date ? issuedAt : new Date(issuedAt));
}

/**
 * The QR's timestamp (tag 3) of an issued invoice: ISO 8601 date and time as the company's wall clock reads the
 * issue instant, `2026-04-01T14:25:09` (the printed issue date and time, and the UBL IssueDate/IssueTime phase 2
 * writes, so the three agree; no zone suffix: the time is the company's local time).
 */
export function issueTimestamp(issuedAt: Date | string, timeZone: string): string {
  const { date, time } = issueWallClock(issuedAt, timeZone);
  return `${date}T${time}`;
}
