/** A `next` target is followed only when it is a path on this site (no scheme, no //host, no backslash tricks). */
export function safeNext(next: string | null): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return null;
  return next;
}
