import { ActionIcon, Alert, Anchor, Badge, Box, Button, Group, Paper, Text, Title, Tooltip } from '@mantine/core';
import { IconArrowsMaximize, IconHistory } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import Decimal from 'decimal.js';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useMe } from '../../../../web/api/useAuth';
import type { Row } from '../../../../web/api/useEntityQueries';
import { useFormat } from '../../../../web/i18n/useFormat';
import { useLocale } from '../../../../web/i18n/useLocale';
import { useScreenShortcuts } from '../../../../web/shell/shortcuts';
import { useConfirm } from '../../../../web/ui/ConfirmProvider';
import { notifyError, notifySuccess, showNotification } from '../../../../web/ui/notify';
import { usePageTitle } from '../../../../web/ui/usePageTitle';
import { CartPanel } from './CartPanel';
import { type CartLine, type Method, addProduct, bump, removeLine, saleLines, totals, update } from './cart';
import { type Customer, CustomerBar } from './CustomerBar';
import { LineEditDialog } from './LineEditDialog';
import { OutboxStatus } from './OutboxStatus';
import { PayDialog } from './PayDialog';
import { ProductPanel } from './ProductPanel';
import { openReceipt } from './receipt';
import { ReceiptButton } from './ReceiptButton';
import { registerTillWorker } from './offline/register';
import { SessionGate } from './SessionGate';
import { tt } from './texts';
import { useOutbox } from './useOutbox';
import { useQuote } from './useQuote';
import { type TillProduct, catalogueQuery, useCategories, usePriceLists, useSessions } from './useTillData';

/**
 * The till (/pos/order): a full-height sale screen for the user's open session. Search or scan, category tiles,
 * the cart with quantity/price/discount keys, customer and price list, payment by cash/bank transfer/credit in any
 * split. Every action has a key (registered with the shell's shortcuts, listed by "?"); a sale needs no mouse.
 * Pay stores the sale in the outbox first (useOutbox, queue.ts) and sends it: posted, refused at once (shown in the
 * payment, the cart kept) or kept to send later when the server cannot be reached.
 */
export default function TillScreen() {
  const { data: me } = useMe();
  const { label } = useLocale();
  usePageTitle(label(tt.title));
  const sessions = useSessions(me?.user.id);
  // asked for together with the sessions (not after them): the till's first screen in one round of requests
  useCategories();
  usePriceLists();
  useQuery(catalogueQuery);
  // the page and what it read, kept for a reload while the server is down (offline/rules.ts)
  useEffect(() => { registerTillWorker(); }, []);
  if (!me) return null;
  return (
    <SessionGate userId={me.user.id} sessions={sessions.data} loading={sessions.isLoading}>
      {(s, change) => <Till key={s.id} session={s} owner={`${me.company.id}:${me.user.id}`} decimals={me.company.currencyDecimals} onChangeSession={change} />}
    </SessionGate>
  );
}

interface LastSale { number: string | null; invoiceId: number | null; total: string; change: string; queued: boolean }

function Till({ session, owner, decimals, onChangeSession }: { session: Row; owner: string; decimals: number; onChangeSession: (() => void) | null }) {
  const { label, locale, to } = useLocale();
  const fmt = useFormat();
  const confirm = useConfirm();
  const root = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const customerRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLInputElement>(null);
  const [lines, setLines] = useState<CartLine[]>([]);
  const [selected, setSelected] = useState(0);
  const [customer, setCustomer] = useState<Customer | null>(null);
  const [priceListId, setPriceListId] = useState<number | null>(null);
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [editing, setEditing] = useState<'quantity' | 'price' | 'discount' | null>(null);
  const [paying, setPaying] = useState(false);
  const [payBusy, setPayBusy] = useState(false);
  const [payError, setPayError] = useState<string | null>(null);
  const [newCustomer, setNewCustomer] = useState(false);
  const [outboxOpen, setOutboxOpen] = useState(false);
  const [last, setLast] = useState<LastSale | null>(null);
  const [rate, setRate] = useState('0');
  const categories = useCategories();
  const priceLists = usePriceLists();
  const sessionId = session.id;
  const { error: quoteError, pending: pricing } = useQuote(sessionId, priceListId, lines, setLines);
  const t = totals(lines, decimals);
  useEffect(() => { const q = lines.find((l) => l.quoted); if (q) setRate(q.taxRate); }, [lines]);
  useEffect(() => { searchRef.current?.focus(); }, []);

  const outbox = useOutbox(owner, locale, {
    onPosted: (_o, a) => {
      notifySuccess(label(tt.sold, { n: a.order.number }));
      setLast((l) => (l && l.queued && l.number === null ? { ...l, number: a.order.number, invoiceId: a.order.invoiceId, queued: false } : l));
    },
    onRefused: (o) => showNotification({ color: 'red', title: label(tt.refusedNotice, { e: o.lastError ?? '' }), message: '', autoClose: false }),
  });

  const focusSearch = () => searchRef.current?.focus();
  const sel = Math.min(selected, Math.max(lines.length - 1, 0));
  const onAdd = (p: TillProduct) => {
    setLines((ls) => {
      const next = addProduct(ls, p, '1', rate);
      setSelected(next.findIndex((l) => l.productId === p.id && l.price === null && l.discount === '0'));
      return next;
    });
  };
  const newSale = useCallback(async () => {
    if (lines.length > 0 && !(await confirm({ message: label(tt.clearCart), danger: true }))) return;
    setLines([]); setCustomer(null); setPriceListId(null); setPayError(null); focusSearch();
  }, [lines.length, confirm, label]);
  const openPay = () => { if (lines.length > 0) { setPayError(null); setPaying(true); } };
  const print = (invoiceId: number | null) => {
    if (!invoiceId) return;
    openReceipt(invoiceId, locale).catch((e: unknown) => notifyError(label(tt.receiptFailed), e));
  };

  const pay = async (payments: { method: Method; amount: string; reference?: string }[], change: string) => {
    setPayBusy(true);
    setPayError(null);
    try {
      const body = { sessionId, ...(customer ? { customerId: customer.id } : {}), ...(priceListId ? { priceListId } : {}), lines: saleLines(lines), payments };
      const r = await outbox.submit(body, { total: t.total, lines: lines.length, customer: customer?.name || null, session: String(session.number ?? '') });
      if (r.kind === 'refused') { setPayError(r.message); return; }
      if (r.kind === 'posted') {
        setLast({ number: r.answer.order.number, invoiceId: r.answer.order.invoiceId, total: r.answer.order.totalAmount, change: r.answer.change, queued: false });
        notifySuccess(label(tt.sold, { n: r.answer.order.number }));
      } else {
        setLast({ number: null, invoiceId: null, total: t.total, change, queued: true });
        showNotification({ color: 'yellow', title: label(tt.queued), message: '', autoClose: 5000 });
      }
      setPaying(false);
      setLines([]); setCustomer(null); setPriceListId(null);
      setTimeout(focusSearch, 50);
    } catch (e) {
      setPayError(e instanceof Error ? e.message : String(e));
    } finally {
      setPayBusy(false);
    }
  };

  const edit = (field: 'quantity' | 'price' | 'discount') => { if (lines[sel]) setEditing(field); };
  const nextCategory = () => {
    const ids = [null, ...(categories.data ?? []).map((c) => c.id)];
    setCategoryId(ids[(ids.indexOf(categoryId) + 1) % ids.length] ?? null);
  };
  useScreenShortcuts([
    { keys: 'F2', label: label(tt.kSearch), run: focusSearch, inFields: true },
    { keys: 'F9', label: label(tt.kPay), run: () => { if (paying) document.querySelector<HTMLFormElement>('[role="dialog"] form')?.requestSubmit(); else openPay(); }, inFields: true },
    { keys: 'F4', label: label(tt.kCustomer), run: () => customerRef.current?.querySelector('input')?.focus(), inFields: true },
    { keys: 'F8', label: label(tt.kPriceList), run: () => listRef.current?.focus(), inFields: true },
    { keys: 'alt+c', label: label(tt.kNewCustomer), run: () => setNewCustomer(true), inFields: true, physical: true },
    { keys: 'alt+q', label: label(tt.kQty), run: () => edit('quantity'), inFields: true, physical: true },
    { keys: 'alt+p', label: label(tt.kPrice), run: () => edit('price'), inFields: true, physical: true },
    { keys: 'alt+k', label: label(tt.kDiscount), run: () => edit('discount'), inFields: true, physical: true },
    { keys: 'alt+equal', label: label(tt.kPlus), run: () => setLines((ls) => bump(ls, sel, 1)), inFields: true, physical: true },
    { keys: 'alt+minus', label: label(tt.kMinus), run: () => setLines((ls) => bump(ls, sel, -1)), inFields: true, physical: true },
    { keys: 'alt+ArrowUp', label: label(tt.kUp), run: () => setSelected(Math.max(sel - 1, 0)), inFields: true },
    { keys: 'alt+ArrowDown', label: label(tt.kDown), run: () => setSelected(Math.min(sel + 1, lines.length - 1)), inFields: true },
    { keys: 'alt+Delete', label: label(tt.kRemove), run: () => setLines((ls) => removeLine(ls, sel)), inFields: true },
    { keys: 'alt+n', label: label(tt.kClear), run: () => void newSale(), inFields: true, physical: true },
    { keys: 'alt+r', label: label(tt.kReceipt), run: () => print(last?.invoiceId ?? null), inFields: true, physical: true },
    { keys: 'alt+s', label: label(tt.kQueue), run: () => outbox.drain(), inFields: true, physical: true },
    { keys: 'alt+g', label: label(tt.kCategory), run: nextCategory, inFields: true, physical: true },
    { keys: 'Enter', label: label(tt.kEnter) },
    { keys: 'ArrowDown', label: label(tt.kResults) },
    { keys: 'Escape', label: label(tt.kEscape) },
    { keys: '+', label: `${label(tt.kPlus)} (${label(tt.search)}: ∅)` },
  ]);

  const line = lines[sel];
  return (
    <Box ref={root} style={{ height: 'calc(100dvh - 7rem)', minHeight: 520, display: 'flex', flexDirection: 'column', gap: 'var(--mantine-spacing-sm)', background: 'var(--mantine-color-body)' }}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Title order={1} fz="h3">{label(tt.title)}</Title>
          <Badge variant="light" size="lg" style={{ textTransform: 'none' }}>{label(tt.session)}: {String(session.number)} · {session._refs?.branchId ?? ''}</Badge>
          {onChangeSession && <Button size="compact-sm" variant="subtle" onClick={onChangeSession}>{label(tt.changeSession)}</Button>}
        </Group>
        <Group gap="xs">
          <OutboxStatus state={outbox.state} persistent={outbox.persistent} open={outboxOpen} setOpen={setOutboxOpen}
            onSend={outbox.drain} onRetry={(k) => void outbox.retry(k)} onDiscard={(k) => void outbox.remove(k)}
            onToCart={(o) => {
              void outbox.remove(o.key)?.then(() => {
                setLines(o.body.lines.map((l) => ({ productId: l.productId, name: `#${l.productId}`, nameAr: null, quantity: l.quantity, price: l.price ?? null, discount: l.discount ?? '0', unitPrice: l.price ?? '0', taxRate: rate, quoted: null })));
                setPriceListId(o.body.priceListId ?? null);
                setCustomer(o.body.customerId ? { id: o.body.customerId, name: o.summary.customer ?? '' } : null);
                setOutboxOpen(false);
              });
            }} />
          <Anchor component={Link} to={to('/pos/oldorders')} size="sm"><Group gap={4}><IconHistory size={16} />{label(tt.oldOrders)}</Group></Anchor>
          <Tooltip label={label(tt.fullScreen)}>
            <ActionIcon variant="default" aria-label={label(tt.fullScreen)} onClick={() => void root.current?.requestFullscreen?.().catch(() => {})}><IconArrowsMaximize size={16} /></ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      <CustomerBar customerRef={customerRef} listRef={listRef} customer={customer} setCustomer={setCustomer}
        priceLists={priceLists.data ?? []} priceListId={priceListId} setPriceListId={setPriceListId} newOpen={newCustomer} setNewOpen={setNewCustomer} />
      {quoteError && <Alert color="red" role="alert" py={6}>{quoteError}</Alert>}
      <Box style={{ flex: 1, minHeight: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)', gap: 'var(--mantine-spacing-md)' }}>
        <Paper withBorder p="sm" radius="md" style={{ minHeight: 0 }}>
          <ProductPanel inputRef={searchRef} categories={categories.data ?? []} categoryId={categoryId} setCategoryId={setCategoryId} onAdd={onAdd}
            onNotFound={(m) => showNotification({ color: 'red', title: m, message: '', autoClose: 4000 })}
            onEmptyKey={(k) => setLines((ls) => bump(ls, sel, k === '+' ? 1 : -1))} />
        </Paper>
        <Paper withBorder p="sm" radius="md" style={{ minHeight: 0, display: 'flex', flexDirection: 'column', gap: 8 }}>
          <CartPanel lines={lines} totals={t} selected={sel} setSelected={setSelected} onRemove={(i) => setLines((ls) => removeLine(ls, i))}
            onEdit={(i, f) => { setSelected(i); setEditing(f); }} onPay={openPay} />
          {last && (
            <Paper withBorder p="xs" radius="sm" data-testid="last-sale">
              <Group justify="space-between" gap="xs">
                <Text size="sm">{label(tt.lastSale)}: <b>{last.number ?? label(tt.pending)}</b> · {label(tt.total)} {fmt.number(last.total, 2)} · {label(tt.change)} <b data-testid="last-change">{fmt.number(new Decimal(last.change).toFixed(decimals), 2)}</b></Text>
                <ReceiptButton disabled={!last.invoiceId} onPrint={() => print(last.invoiceId)} />
              </Group>
            </Paper>
          )}
        </Paper>
      </Box>
      <LineEditDialog field={editing} productName={line ? (locale === 'ar' && line.nameAr ? line.nameAr : line.name) : ''}
        initial={line ? (editing === 'quantity' ? line.quantity : editing === 'price' ? (line.price ?? new Decimal(line.unitPrice).toString()) : line.discount) : ''}
        onClose={() => { setEditing(null); setTimeout(focusSearch, 50); }}
        onApply={(v) => { if (editing) setLines((ls) => update(ls, sel, { [editing]: v })); setEditing(null); setTimeout(focusSearch, 50); }} />
      <PayDialog opened={paying} total={t.total} pricing={pricing} named={customer !== null} busy={payBusy} error={payError} onClose={() => { setPaying(false); setTimeout(focusSearch, 50); }} onPay={(p, c) => void pay(p, c)} />
    </Box>
  );
}
