import type { Tx } from '../../../core/db/tx';
import type { Ctx } from '../../../core/http/context';
import { counted, inLanguage, type SetupOpts } from '../../../core/tenancy/company-setup';
import { returnReasons } from './entries';
import { returnAtTill } from './return.service';

/**
 * Demo till returns (called by demo.ts, in the company's creation transaction, through the real service): in the
 * morning session, before its close, one of the two bottles of the first cash sale comes back damaged and is paid
 * back in cash (the close counts it); in the evening session, the named customer brings back one item of his
 * morning sale partly on credit (taken off what he owes) and a customer of the bank-transfer sale returns one
 * item, refunded by bank transfer: returns of one session's orders taken in another.
 */
type Opts = SetupOpts;
export interface DemoSales { cash?: number; bank?: number; credit?: number }

async function reasonIds(ctx: Ctx, tx: Tx): Promise<Record<'damaged' | 'wrong' | 'mind', number | null>> {
  const rs = await returnReasons(ctx, tx);
  const find = (prefix: string) => rs.find((r) => r.name.startsWith(prefix))?.id ?? rs[0]?.id ?? null;
  return { damaged: find('Damaged'), wrong: find('Wrong'), mind: find('Customer changed') };
}

/** The morning's return (before the close). */
export async function demoMorningReturns(ctx: Ctx, tx: Tx, opts: Opts, sessionId: number, sales: DemoSales): Promise<void> {
  const why = await reasonIds(ctx, tx);
  if (!sales.cash || !why.damaged) return;
  await returnAtTill(ctx, { sessionId, orderId: sales.cash, refundMethod: 'cash', reasonId: why.damaged, notes: inLanguage(opts, 'Bottle cracked in the bag', 'زجاجة مكسورة في الكيس'),
    lines: [{ orderLine: 1, quantity: '1', reason: inLanguage(opts, 'Cracked bottle', 'زجاجة مكسورة') }] });
  counted(opts, 'POS returns');
}

/** The evening's returns of morning orders. */
export async function demoEveningReturns(ctx: Ctx, tx: Tx, opts: Opts, sessionId: number, sales: DemoSales): Promise<void> {
  const why = await reasonIds(ctx, tx);
  if (sales.credit && why.mind) {
    await returnAtTill(ctx, { sessionId, orderId: sales.credit, refundMethod: 'credit', reasonId: why.mind, notes: null,
      lines: [{ orderLine: 2, quantity: '1', reason: null }] });
    counted(opts, 'POS returns');
  }
  if (sales.bank && why.wrong) {
    await returnAtTill(ctx, { sessionId, orderId: sales.bank, refundMethod: 'bank_transfer', reasonId: why.wrong, notes: null,
      lines: [{ orderLine: 2, quantity: '1', reason: inLanguage(opts, 'Wrong size', 'مقاس خاطئ') }] });
    counted(opts, 'POS returns');
  }
}
