import { and, asc, eq } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { tableOf } from '../../../core/db/entity-table';
import type { Tx } from '../../../core/db/tx';
import { ops } from '../../../core/entity/operations';
import { counted, inLanguage, registerCompanySetup, setupCtx } from '../../../core/tenancy/company-setup';
import { demoYear } from '../../../core/tenancy/demo-year';
import { companyToday } from '../../../core/time/company-time';
import { chartIds, confirmInvoice, createInvoice, loadSettings, payInvoice, taxIds } from '../../accounting';
import { contact } from '../../contacts/model/contact.entity';
import { delivery } from '../model/delivery.entity';
import { location } from '../model/location.entity';
import { product } from '../model/product.entity';
import { receipt } from '../model/receipt.entity';
import { scrap } from '../model/scrap.entity';
import { stockAdjustment } from '../model/stock-adjustment.entity';
import { transfer } from '../model/transfer.entity';
import { loadInventorySettings } from './inventory-settings.service';

/**
 * A year of trade for a demo company (after inventory.demo's products and opening stock), over the twelve months
 * that end today: every other month a receipt from a vendor that restocks what that month and the next sell
 * (approved and received, food in lots with expiry dates) and its vendor bill, paid; each month two deliveries to
 * customers, each with its sale invoice (VAT), confirmed and paid (the last two months' left open); once in the
 * year a transfer to the Jeddah warehouse, a scrap and a stock count; and today a large order of calculators, not
 * restocked yet (low stock). Everything goes through the documents' own operations and accounting's public entry,
 * in the company's creation transaction, so stock, valuation and books agree as they would for a person's work.
 * Deterministic: the same company date gives the same year.
 */
interface P { id: number; name: string; cost: string; salePrice: string; storable: boolean }

const FOOD = new Set(['Basmati rice', 'Sukkari dates', 'Olive oil']);

registerCompanySetup('inventory.demo-year', async (tx: Tx, companyId, opts) => {
  if (!opts.demo) return;
  const ctx = setupCtx(companyId, opts);
  const { months } = demoYear(companyToday(ctx));
  const settings = await loadInventorySettings(tx, companyId);
  const acc = await loadSettings(tx, companyId);
  const stock = settings.defaultLocationId!;
  const pt = tableOf(product);
  const products = (await tx.select({ id: pt.id, name: pt.name, cost: pt.cost, salePrice: pt.salePrice, storable: pt.storable })
    .from(pt).where(eq(pt.companyId, companyId)).orderBy(asc(pt.id))) as P[];
  const goods = products.filter((p) => p.storable);
  const service = products.find((p) => !p.storable);
  const ct = tableOf(contact);
  const people = await tx.select({ id: ct.id, name: ct.name, nameAr: ct.nameAr, isCustomer: ct.isCustomer, isVendor: ct.isVendor })
    .from(ct).where(eq(ct.companyId, companyId)).orderBy(asc(ct.id));
  const customers = people.filter((c) => c.isCustomer);
  const vendors = people.filter((c) => c.isVendor);
  if (!goods.length || !customers.length || !vendors.length) return;
  const taxes = await taxIds(tx, companyId, ['VAT 15%', 'VAT 15% (purchases)']);
  const { accounts } = await chartIds(tx, companyId, { accounts: ['2104'] });
  const bank = acc.bankJournalId as number;

  // staplers do not sell (the slow-moving report has something to show)
  const selling = goods.filter((g) => g.name !== 'Stapler');
  // what each month sells: two orders of up to three products each (those dated after today are left out)
  const monthOrders = months.map((m) => [0, 1].map((k) => {
    const picks = [selling[(m.index * 3 + k) % selling.length]!, selling[(m.index * 5 + k * 7 + 3) % selling.length]!, selling[(m.index * 7 + k * 4 + 5) % selling.length]!];
    const qty = (p: P, f: number) => String(FOOD.has(p.name) ? 60 + ((m.index + f) % 6) * 20 : 6 + ((m.index + f) % 5) * 3);
    const lines = [...new Map(picks.map((p) => [p.id, p])).values()].map((p, i) => ({ p, q: qty(p, k + i) }));
    return { customer: customers[(m.index * 2 + k) % customers.length]!, lines, date: m.day(7 + k * 12), payDay: m.day(17 + k * 12) };
  }).filter((o) => o.date !== null));
  for (const m of months) {
    const orders = monthOrders[m.index]!;
    // a restock every other month, of what that month and the next sell
    const receiptDay = m.index % 2 === 0 ? m.day(3) : null;
    if (receiptDay) {
      const need = new Map<number, Decimal>();
      for (const o of [...orders, ...(monthOrders[m.index + 1] ?? [])]) for (const l of o.lines) need.set(l.p.id, (need.get(l.p.id) ?? new Decimal(0)).add(l.q));
      const vendor = vendors[m.index % vendors.length]!;
      const items = [...need].map(([id, q]) => {
        const p = goods.find((g) => g.id === id)!;
        return {
          productId: id, quantity: q.toFixed(), unitCost: p.cost,
          ...(FOOD.has(p.name) && { lotName: `${p.name.slice(0, 3).toUpperCase()}-${m.month.replace('-', '')}`, expiryDate: `${Number(m.month.slice(0, 4)) + 1}${m.month.slice(4)}-28` }),
        };
      });
      const r = await ops.create(ctx, receipt, { vendorId: vendor.id, receiptDate: receiptDay, locationId: stock, orderSequence: `PO-${m.month.replace('-', '')}`, items, notes: inLanguage(opts, 'Monthly restock', 'إعادة تزويد شهرية') });
      await ops.transition(ctx, receipt, r.id, 'approve');
      const received = await ops.transition(ctx, receipt, r.id, 'receive');
      counted(opts, 'receipts');
      const bill = await createInvoice(ctx, {
        type: 'PURCHASE', partnerId: vendor.id, date: receiptDay, paymentTermDays: 30, reference: String(received.number),
        lines: items.map((it) => ({ description: goods.find((g) => g.id === it.productId)!.name, quantity: it.quantity, unitPrice: it.unitCost, accountId: accounts['2104'], taxId: taxes['VAT 15% (purchases)'] })),
      });
      const confirmedBill = await confirmInvoice(ctx, bill.id);
      counted(opts, 'vendor bills');
      const payDay = m.day(20);
      if (payDay && m.index < 11) {
        await payInvoice(ctx, bill.id, { amount: confirmedBill.dueAmount, date: payDay, journalId: bank });
        counted(opts, 'payments');
      }
    }
    for (const o of orders) {
      const date = o.date!;
      const d = await ops.create(ctx, delivery, {
        destinationType: 'customer', destinationContactId: o.customer.id, destinationName: o.customer.name, deliveryDate: date, locationId: stock,
        items: o.lines.map((l) => ({ productId: l.p.id, quantity: l.q })), validate: true,
      });
      counted(opts, 'deliveries');
      const lines = o.lines.map((l) => ({ productId: l.p.id, description: l.p.name, quantity: l.q, unitPrice: l.p.salePrice, taxId: taxes['VAT 15%'] }));
      if (service && o.lines.length > 1) lines.push({ productId: service.id, description: service.name, quantity: '1', unitPrice: service.salePrice, taxId: taxes['VAT 15%'] });
      const inv = await createInvoice(ctx, { type: 'SALE', partnerId: o.customer.id, date, paymentTermDays: 30, reference: String(d.number), lines });
      const confirmed = await confirmInvoice(ctx, inv.id);
      counted(opts, 'sale invoices');
      const payDay = o.payDay;
      if (payDay && m.index < 10) {
        await payInvoice(ctx, inv.id, { amount: confirmed.dueAmount, date: payDay, journalId: bank });
        counted(opts, 'payments');
      }
    }
    if (m.index === 3) await oneOf(ctx, opts, tx, companyId, m.day(15)!, goods, stock, settings.scrapLocationId!);
  }

  // A large order not restocked yet: the calculators fall under their reorder level (dashboard, reorder report).
  const calc = goods.find((g) => g.name === 'Scientific calculator');
  // dated today, after everything else: the restocks matched what was sold, so 25 - 17 are left
  const bigDay = companyToday(ctx);
  if (calc && bigDay) {
    const customer = customers[customers.length > 4 ? 4 : 0]!;
    const d = await ops.create(ctx, delivery, {
      destinationType: 'customer', destinationContactId: customer.id, destinationName: customer.name, deliveryDate: bigDay, locationId: stock,
      orderSequence: 'SCHOOL-ORDER', items: [{ productId: calc.id, quantity: '17' }], validate: true,
    });
    const inv = await createInvoice(ctx, { type: 'SALE', partnerId: customer.id, date: bigDay, paymentTermDays: 30, reference: String(d.number), lines: [{ productId: calc.id, description: calc.name, quantity: '17', unitPrice: calc.salePrice, taxId: taxes['VAT 15%'] }] });
    await confirmInvoice(ctx, inv.id);
    counted(opts, 'deliveries');
    counted(opts, 'sale invoices');
  }
});

/** Once in the year: a transfer to the Jeddah warehouse, a scrapped lamp and a stock count that finds two pens missing. */
async function oneOf(ctx: ReturnType<typeof setupCtx>, opts: Parameters<typeof counted>[0], tx: Tx, companyId: number, date: string, goods: P[], stock: number, scrapLoc: number): Promise<void> {
  const lt = tableOf(location);
  const [jed] = await tx.select({ id: lt.id }).from(lt).where(and(eq(lt.companyId, companyId), eq(lt.name, 'Jeddah stock')));
  const by = (name: string) => goods.find((g) => g.name === name) ?? goods[0]!;
  if (jed) {
    const t = await ops.create(ctx, transfer, { fromLocationId: stock, toLocationId: jed.id, transferDate: date, items: [{ productId: by('Mineral water (carton)').id, quantity: '40' }, { productId: by('A4 copy paper (ream)').id, quantity: '20' }], notes: inLanguage(opts, 'Stock for the Jeddah branch', 'مخزون فرع جدة') });
    await ops.transition(ctx, transfer, t.id, 'validate');
    counted(opts, 'transfers');
  }
  const s = await ops.create(ctx, scrap, { sourceLocationId: stock, scrapLocationId: scrapLoc, scrapDate: date, reason: inLanguage(opts, 'Broken in the warehouse', 'كُسر في المستودع'), items: [{ productId: by('LED desk lamp').id, quantity: '1' }] });
  await ops.transition(ctx, scrap, s.id, 'validate');
  counted(opts, 'scraps');
  const a = await ops.create(ctx, stockAdjustment, { locationId: stock, date, reason: 'physical_count', items: [{ productId: by('Ballpoint pens').id, countedQuantity: '0' }] });
  // counted as what is on hand less two (the count made "0" above is replaced by the real one)
  const current = (a.items as { currentQuantity?: string }[])[0]?.currentQuantity ?? '2';
  const counted2 = Decimal.max(new Decimal(current).sub(2), 0).toFixed();
  const fixed = await ops.update(ctx, stockAdjustment, a.id, { items: [{ productId: by('Ballpoint pens').id, countedQuantity: counted2 }], version: a.version });
  await ops.transition(ctx, stockAdjustment, fixed.id, 'confirm');
  counted(opts, 'stock counts');
}
