import Decimal from 'decimal.js';
import type { Tx } from '../../../core/db/tx';
import type { Ctx } from '../../../core/http/context';
import { tr } from '../../../core/i18n/locale';
import { accountStates } from '../../accounting';
import type { InventorySettings } from './inventory-settings.service';
import { type OpenLayer, costOut, m4, q6, settleShortfall, shareOf } from './stock.costing';
import { stockError } from './stock.input';
import { type Line, type Prod, type StockAccSettings } from './stock.load';
import { accountNames, sm } from './stock.messages';
import type { Move } from './stock.quants';
import type { CounterKind, StockMoveType, StockPostInput } from './stock.types';

/**
 * Values the moves of one posting (invariant 6). A move from a location that is not valued to a valued one
 * (internal, not scrap) is valued-in: a positive layer on the product's inventory account, after settling any
 * negative-stock shortfall. A valued -> not valued move is valued-out: it consumes the open layers by the
 * company's method (stock.costing.ts) and leaves a negative layer per inventory account it drew from. Moves
 * between two valued or two non-valued locations move quantities only. Every layer value has its journal line:
 * inventory account against the counter account, so the layers always sum to the inventory account balances.
 * Locks: the valued products' rows (FOR NO KEY UPDATE, ascending: one valuation at a time per product, even when
 * it has no open layer yet; taken by readRefs, the posting's first lock), then, after the quants and in the same
 * statement (lockStock, whose snapshot follows the products' lock and so sees every valuation it waited for),
 * their open layers (FOR UPDATE, by product, id): `layers` here, changed in memory.
 */
export interface NewLayer { moveIndex: number; productId: number; lotId: number | null; quantity: string; value: string; accountId: number; tempId: number }
export interface Valuation {
  moveValues: { value: string; unitCost: string }[];
  newLayers: NewLayer[];
  /** Final remaining quantity/value of every layer touched (existing ids and temp ids of new layers). */
  remaining: Map<number, { remainingQty: string; remainingValue: string }>;
  lines: { accountId: number; debit?: string; credit?: string }[];
  total: string;
}

const TEMP_BASE = 10_000_000_000;
const DEFAULT_IN: Record<StockMoveType, CounterKind> = { incoming: 'stockInput', opening: 'opening', adjustment: 'gain', internal: 'gain', scrap: 'gain', outgoing: 'stockInput' };
const DEFAULT_OUT: Record<StockMoveType, CounterKind> = { outgoing: 'cogs', scrap: 'loss', adjustment: 'loss', internal: 'loss', opening: 'opening', incoming: 'stockInput' };

export const isValuedIn = (m: Move) => !m.line.from.valued && m.line.to.valued;
export const isValuedOut = (m: Move) => m.line.from.valued && !m.line.to.valued;
/** Products of the lines whose moves are valued (in or out), ascending; known before the quants are split into moves. */
export const valuedProductsOf = (lines: Line[]) =>
  [...new Set(lines.filter((l) => l.from.valued !== l.to.valued).map((l) => l.productId))].sort((a, b) => a - b);

export async function valueMoves(tx: Tx, ctx: Ctx, input: StockPostInput, moves: Move[], s: InventorySettings, acc: StockAccSettings, layers: Map<number, OpenLayer[]>): Promise<Valuation> {
  const L = ctx.locale;
  const need = (v: unknown, name: keyof typeof accountNames): number => {
    if (typeof v === 'number') return v;
    throw stockError(sm.accountMissing, { setting: tr(accountNames[name], L) }, L, 'accountId');
  };
  const num = (v: unknown) => (typeof v === 'number' ? v : null);
  if (input.inventoryAccountId != null) {
    const ok = (await accountStates(tx, ctx.companyId, [Number(input.inventoryAccountId) || 0])).size;
    if (!ok) throw stockError(sm.accountMissing, { setting: tr(accountNames.inventory, L) }, L, 'inventoryAccountId');
  }
  const inventoryOf = (p: Prod) => need(input.inventoryAccountId ?? p.stockAccountId ?? p.assetAccountId ?? p.catAssetAccountId ?? num(acc.inventoryAccountId), 'inventory');
  const counterOf = (kind: CounterKind, p: Prod): number => {
    if (typeof kind === 'object') return need(Number(kind.accountId) || null, 'inventory');
    if (kind === 'stockInput') return need(s.stockInputAccountId, 'stockInput');
    if (kind === 'cogs') return need(p.expenseAccountId ?? p.catExpenseAccountId ?? num(acc.cogsAccountId), 'cogs');
    if (kind === 'loss') return need(s.lossAccountId, 'loss');
    if (kind === 'gain') return need(s.gainAccountId, 'gain');
    return need(num(acc.openingBalanceAccountId), 'opening');
  };
  const counterIn = input.counter?.in ?? DEFAULT_IN[input.moveType] ?? 'gain';
  const counterOut = input.counter?.out ?? DEFAULT_OUT[input.moveType] ?? 'loss';

  const touched = new Set<number>();
  const book = new Map<string, Decimal>();
  const post = (accountId: number, side: 'debit' | 'credit', amount: Decimal.Value) => {
    let a = new Decimal(amount);
    if (a.isZero()) return;
    if (a.isNeg()) { a = a.neg(); side = side === 'debit' ? 'credit' : 'debit'; }
    const k = `${side}:${accountId}`;
    book.set(k, (book.get(k) ?? new Decimal(0)).plus(a));
  };
  const newLayers: NewLayer[] = [];
  let temp = TEMP_BASE;
  const addLayer = (l: Omit<NewLayer, 'tempId'>, remainingQty: string, remainingValue: string) => {
    const tempId = ++temp;
    newLayers.push({ ...l, tempId });
    layers.get(l.productId)!.push({ id: tempId, lotId: l.lotId, accountId: l.accountId, remainingQty, remainingValue });
    touched.add(tempId);
  };
  const replace = (productId: number, next: OpenLayer[]) => {
    const before = new Map(layers.get(productId)!.map((l) => [l.id, l]));
    for (const n of next) {
      const b = before.get(n.id)!;
      if (b.remainingQty !== n.remainingQty || b.remainingValue !== n.remainingValue) touched.add(n.id);
    }
    layers.set(productId, next);
  };

  // value of each valued-in line, shared among its moves by quantity (the last move takes the remainder)
  const lineValue = new Map<number, { total: Decimal; left: Decimal; qtyLeft: Decimal }>();
  for (const m of moves) {
    if (!isValuedIn(m) || lineValue.has(m.line.index)) continue;
    const l = m.line;
    const total = new Decimal(l.unitCost !== null ? m4(new Decimal(l.uomQty).mul(l.unitCost)) : m4(new Decimal(l.qty).mul(l.product.cost)));
    lineValue.set(l.index, { total, left: total, qtyLeft: new Decimal(l.qty) });
  }

  const moveValues = moves.map((m, moveIndex) => {
    const p = m.line.product;
    if (isValuedIn(m)) {
      const lv = lineValue.get(m.line.index)!;
      const value = lv.qtyLeft.eq(m.qty) ? lv.left : new Decimal(shareOf(lv.total, m.line.qty, m.qty));
      lv.left = lv.left.minus(value);
      lv.qtyLeft = lv.qtyLeft.minus(m.qty);
      const account = inventoryOf(p);
      const st = settleShortfall(layers.get(p.id)!, m.qty, m4(value), account);
      replace(p.id, st.next);
      addLayer({ moveIndex, productId: p.id, lotId: m.lotId, quantity: m.qty, value: m4(value), accountId: account }, st.inRemainingQty, st.inRemainingValue);
      post(account, 'debit', value);
      post(counterOf(counterIn, p), 'credit', value);
      let net = new Decimal(0);
      for (const c of st.corrections) {
        addLayer({ moveIndex, productId: p.id, lotId: m.lotId, quantity: q6(0), value: c.value, accountId: c.accountId }, q6(0), m4(0));
        post(c.accountId, 'debit', c.value);
        net = net.plus(c.value);
      }
      if (net.gt(0)) post(counterOf('gain', p), 'credit', net);
      if (net.lt(0)) post(counterOf('loss', p), 'debit', net.neg());
      return { value: m4(value), unitCost: m4(value.div(m.qty)) };
    }
    if (isValuedOut(m)) {
      const account = inventoryOf(p);
      const out = costOut(layers.get(p.id)!, m.qty, s.valuationMethod, { lotId: m.lotId, unitCost: p.cost });
      replace(p.id, out.next);
      const byAccount = new Map<number, { qty: Decimal; value: Decimal }>();
      const add = (a: number, qty: Decimal.Value, value: Decimal.Value) => {
        const cur = byAccount.get(a) ?? { qty: new Decimal(0), value: new Decimal(0) };
        byAccount.set(a, { qty: cur.qty.plus(qty), value: cur.value.plus(value) });
      };
      for (const t of out.takes) add(t.accountId, t.qty, t.value);
      const short = new Decimal(out.shortfallQty);
      if (short.gt(0)) add(account, short, out.shortfallValue);
      const counter = counterOf(counterOut, p);
      for (const [a, v] of [...byAccount.entries()].sort((x, y) => x[0] - y[0])) {
        const isShort = short.gt(0) && a === account;
        addLayer({ moveIndex, productId: p.id, lotId: m.lotId, quantity: q6(v.qty.neg()), value: m4(v.value.neg()), accountId: a },
          isShort ? q6(short.neg()) : q6(0), isShort ? m4(new Decimal(out.shortfallValue).neg()) : m4(0));
        post(a, 'credit', v.value);
        post(counter, 'debit', v.value);
      }
      return { value: out.value, unitCost: m4(new Decimal(out.value).div(m.qty)) };
    }
    return { value: m4(0), unitCost: m4(0) };
  });

  const remaining = new Map<number, { remainingQty: string; remainingValue: string }>();
  for (const list of layers.values()) for (const l of list) if (touched.has(l.id)) remaining.set(l.id, { remainingQty: l.remainingQty, remainingValue: l.remainingValue });
  const lines = [...book.entries()].filter(([, v]) => !v.isZero())
    .map(([k, v]) => { const [side, a] = k.split(':'); return { side: side!, accountId: Number(a), amount: m4(v) }; })
    .sort((x, y) => (x.side === y.side ? x.accountId - y.accountId : x.side === 'debit' ? -1 : 1))
    .map((l) => (l.side === 'debit' ? { accountId: l.accountId, debit: l.amount } : { accountId: l.accountId, credit: l.amount }));
  const total = lines.reduce((t, l) => t.plus(l.debit ?? 0), new Decimal(0));
  return { moveValues, newLayers, remaining, lines, total: m4(total) };
}
