import { randomInt } from 'node:crypto';

/**
 * EAN-13 barcodes. The check digit makes the weighted sum of all 13 digits (weights 1, 3, 1, 3, ... from the
 * left) a multiple of 10. Generated codes use the in-store prefixes 20-29 (GS1 keeps them for codes a company
 * assigns itself), so they never collide with a manufacturer's registered barcode.
 */
export const INTERNAL_PREFIXES = ['20', '21', '22', '23', '24', '25', '26', '27', '28', '29'] as const;

/** The check digit of the first 12 digits. */
export function ean13CheckDigit(first12: string): number {
  if (!/^\d{12}$/.test(first12)) throw new Error('EAN-13 needs exactly 12 digits before the check digit');
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

export function isValidEan13(code: string): boolean {
  return /^\d{13}$/.test(code) && ean13CheckDigit(code.slice(0, 12)) === Number(code[12]);
}

/** A full EAN-13 from 12 digits. */
export function ean13(first12: string): string {
  return first12 + String(ean13CheckDigit(first12));
}

/** A random EAN-13 in the internal range: a 20-29 prefix, 10 random digits, the check digit. */
export function randomInternalEan13(pick: (max: number) => number = randomInt): string {
  let body = INTERNAL_PREFIXES[pick(INTERNAL_PREFIXES.length)]!;
  while (body.length < 12) body += String(pick(10));
  return ean13(body);
}
