import Decimal from 'decimal.js';

/**
 * Pure: what closing a session records and posts (invariant 7). Per method with money in the till (cash, bank
 * transfer): expected = opening (cash only) + what the session's sales kept in that method (refunds are negative
 * rows), difference = counted - expected. closingCash = opening + cash in - cash refunds + difference = counted.
 * Each non-zero difference posts, in ONE balanced entry: an overage Dr the money account / Cr the overage account
 * (other income), a shortage Dr the shortage account (expense) / Cr the money account.
 */
export interface CloseInput {
  openingCash: string; cashIn: string; bankIn: string; countedCash: string; countedBank: string;
  accounts: { cash: number; bank: number; shortage: number; overage: number };
}
export interface ClosePlan {
  expectedCash: string; cashDifference: string; closingCash: string; expectedBank: string; bankDifference: string;
  lines: { accountId: number; debit: string; credit: string; label: string }[];
}

const f4 = (d: Decimal) => d.toFixed(4);

export function closePlan(i: CloseInput): ClosePlan {
  const expectedCash = new Decimal(i.openingCash).plus(i.cashIn);
  const expectedBank = new Decimal(i.bankIn);
  const cashDiff = new Decimal(i.countedCash).minus(expectedCash);
  const bankDiff = new Decimal(i.countedBank).minus(expectedBank);
  const lines: ClosePlan['lines'] = [];
  const post = (diff: Decimal, money: number, what: string) => {
    if (diff.isZero()) return;
    const amt = f4(diff.abs());
    if (diff.gt(0)) lines.push({ accountId: money, debit: amt, credit: '0', label: `${what} overage` }, { accountId: i.accounts.overage, debit: '0', credit: amt, label: `${what} overage` });
    else lines.push({ accountId: i.accounts.shortage, debit: amt, credit: '0', label: `${what} shortage` }, { accountId: money, debit: '0', credit: amt, label: `${what} shortage` });
  };
  post(cashDiff, i.accounts.cash, 'Cash');
  post(bankDiff, i.accounts.bank, 'Bank transfer');
  return {
    expectedCash: f4(expectedCash), cashDifference: f4(cashDiff), closingCash: f4(expectedCash.plus(cashDiff)),
    expectedBank: f4(expectedBank), bankDifference: f4(bankDiff), lines,
  };
}
