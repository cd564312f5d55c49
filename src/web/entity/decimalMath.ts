/**
 * Exact arithmetic on decimal strings ("1250.50") for totals shown while editing. Values are scaled to
 * BigInt, never JS floats, so 0.1 + 0.2 is 0.3 and a balanced entry shows as balanced.
 */
const SCALE = 6;
const FACTOR = 10n ** BigInt(SCALE);
const RE = /^\s*(-)?(\d*)(?:\.(\d*))?\s*$/;

export function toScaled(v: unknown): bigint {
  const m = RE.exec(String(v ?? ''));
  if (!m || (!m[2] && !m[3])) return 0n;
  const frac = (m[3] ?? '').slice(0, SCALE).padEnd(SCALE, '0');
  const n = BigInt(m[2] || '0') * FACTOR + BigInt(frac || '0');
  return m[1] ? -n : n;
}

export function fromScaled(n: bigint, decimals = 2): string {
  const neg = n < 0n;
  let abs = neg ? -n : n;
  const cut = 10n ** BigInt(SCALE - decimals);
  abs = (abs + cut / 2n) / cut; // round half up to `decimals`
  const s = abs.toString().padStart(decimals + 1, '0');
  const out = decimals ? `${s.slice(0, -decimals)}.${s.slice(-decimals)}` : s;
  return neg && abs !== 0n ? '-' + out : out;
}

export function sum(values: unknown[]): bigint {
  return values.reduce<bigint>((acc, v) => acc + toScaled(v), 0n);
}

export function multiply(a: unknown, b: unknown): bigint {
  return (toScaled(a) * toScaled(b)) / FACTOR;
}
