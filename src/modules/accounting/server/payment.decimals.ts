import Decimal from 'decimal.js';

/**
 * Money that can be handed over: an amount paid (an invoice's payment, each allocation of sales' bulk payment, the
 * till's payments and the cash tendered) has at most the currency's decimals (`companies.currency_decimals`: 2 for
 * SAR, 3 for KWD, 0 for JPY), as every document total, and so every due, is rounded to them (core/money/round.ts;
 * docs/ARCHITECTURE.md "Money rounding"): a payment of 0.005 riyal is refused, 10.50 and 10.5000 are 10.5.
 * `settles`: the due the amount is paid against; an amount equal to it is accepted whatever its decimals, so a due
 * left with more decimals than the currency has now (the company's currency decimals lowered after the invoice, or a
 * payment recorded before this rule) can still be paid off.
 * True when the amount must be refused; the caller says so in its own words (accounting's `am.amountDecimals`).
 */
export function beyondCurrency(amount: Decimal.Value, decimals: number, settles?: Decimal.Value): boolean {
  const a = new Decimal(amount);
  if (a.decimalPlaces() <= decimals) return false;
  return settles === undefined || !a.eq(settles);
}
