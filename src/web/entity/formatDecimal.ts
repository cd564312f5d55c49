/**
 * Formats a decimal string ("-12345.6000") for display ("-12,345.60") without ever turning it into a float:
 * at least `minDecimals` decimals, more only when they are not zero (a quantity of "2.500000" shows "2.5").
 */
export function formatDecimal(v: unknown, minDecimals = 2): string {
  if (v === null || v === undefined || v === '') return '';
  const m = /^\s*(-)?(\d*)(?:\.(\d*))?\s*$/.exec(String(v));
  if (!m) return String(v);
  const int = (m[2] || '0').replace(/^0+(?=\d)/, '');
  const frac = (m[3] ?? '').padEnd(minDecimals, '0').replace(new RegExp(`(?<=^\\d{${minDecimals}}\\d*?)0+$`), '');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const zero = /^0*$/.test(int + frac);
  return `${m[1] && !zero ? '-' : ''}${grouped}${frac ? '.' + frac : ''}`;
}
