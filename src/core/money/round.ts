/**
 * The one rounding rule of document amounts (isomorphic: the server's invoice totals and the web's line totals call
 * the same functions, so what the form shows is what the server stores). Half-up, i.e. half away from zero, to the
 * currency's decimals: 10.005 -> 10.01, -10.005 -> -10.01. Exact: decimal strings through BigInt, never floats.
 * Where each kind of amount is rounded is written down in docs/ARCHITECTURE.md ("Money rounding").
 */
const RE = /^\s*([-+])?(\d*)(?:\.(\d*))?\s*$/;

/** A decimal string as a scaled integer (value x 10^scale, truncated past `scale`); null when not a decimal. */
function scaled(v: string, scale: number): bigint | null {
  const m = RE.exec(v);
  if (!m || (!m[2] && !m[3])) return null;
  const n = BigInt((m[2] || '0') + (m[3] ?? '').slice(0, scale).padEnd(scale, '0'));
  return m[1] === '-' ? -n : n;
}

function unscaled(n: bigint, scale: number): string {
  const neg = n < 0n;
  const s = (neg ? -n : n).toString().padStart(scale + 1, '0');
  const out = scale ? `${s.slice(0, -scale)}.${s.slice(-scale)}` : s;
  return neg && /[1-9]/.test(out) ? '-' + out : out;
}

/** Decimals of a decimal string ("10.005" -> 3). */
const decimalsOf = (v: string) => (RE.exec(v)?.[3] ?? '').length;

/** `value` rounded half-up (away from zero) to `decimals`, written with exactly that many decimals. */
export function roundMoney(value: string | number, decimals: number): string {
  const v = String(value);
  const d = decimalsOf(v);
  const n = scaled(v, Math.max(d, decimals));
  if (n === null) throw new Error(`not a decimal: ${v}`);
  if (d <= decimals) return unscaled(n, decimals);
  const cut = 10n ** BigInt(d - decimals);
  const abs = n < 0n ? -n : n;
  const r = (abs + cut / 2n) / cut;
  return unscaled(n < 0n ? -r : r, decimals);
}

/** Exact product of two decimal strings. */
export function multiplyExact(a: string, b: string): string {
  const da = decimalsOf(a);
  const db = decimalsOf(b);
  return unscaled(scaled(a, da)! * scaled(b, db)!, da + db);
}

/** Exact difference a - b. */
export function subtractExact(a: string, b: string): string {
  const d = Math.max(decimalsOf(a), decimalsOf(b));
  return unscaled(scaled(a, d)! - scaled(b, d)!, d);
}

/** An invoice line's amount before tax: quantity x unit price - line discount, rounded half-up to the currency. */
export function invoiceLineAmount(quantity: string, unitPrice: string, discount: string, decimals: number): string {
  return roundMoney(subtractExact(multiplyExact(quantity || '0', unitPrice || '0'), discount || '0'), decimals);
}
