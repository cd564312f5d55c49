import { Alert, Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconHistory, IconPrinter, IconSearch } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Decimal from 'decimal.js';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../../../web/api/client';
import { useCan, useMe } from '../../../../web/api/useAuth';
import type { Row } from '../../../../web/api/useEntityQueries';
import { useFormat } from '../../../../web/i18n/useFormat';
import { useLocale } from '../../../../web/i18n/useLocale';
import { useScreenShortcuts } from '../../../../web/shell/shortcuts';
import { useConfirm } from '../../../../web/ui/ConfirmProvider';
import { notifyError, notifySuccess } from '../../../../web/ui/notify';
import { usePageTitle } from '../../../../web/ui/usePageTitle';
import { openReceipt } from '../till/receipt';
import { SessionGate } from '../till/SessionGate';
import { useSessions } from '../till/useTillData';
import { ReturnLines } from './ReturnLines';
import { ReturnRefund } from './ReturnRefund';
import { ReturnMatches } from './ReturnMatches';
import { type OrderMatch, type RefundMethod, type ReturnDone, type ReturnOrder, findOrder, newKey, searchOrders, sendReturn } from './returnApi';
import { rt } from './texts';
import { useReturnQuote } from './useReturnQuote';

/**
 * A return at the till (/pos/return; /pos/return?orderId=<id> from past orders): in the user's open session, find
 * the original order by its number (scanned or typed), or by part of it, the customer's name or phone or the date
 * (one match, or the exact number, loads it; several are listed to pick from: ReturnMatches), type the quantity to return per line (at most what is
 * left) with its reason, the return's reason and the refund method, see the server's figures, confirm; then the
 * return's and credit note's numbers and the receipt (the credit note's PDF, 80 mm). Every step has a key (F2,
 * Alt+A, F9, Alt+R, Alt+N; "?" lists them). The server decides everything (server/return.service.ts).
 */
export default function ReturnScreen() {
  const { data: me } = useMe();
  const { label } = useLocale();
  usePageTitle(label(rt.title));
  const sessions = useSessions(me?.user.id);
  if (!me) return null;
  return (
    <SessionGate userId={me.user.id} sessions={sessions.data} loading={sessions.isLoading}>
      {(s, change) => <ReturnDesk key={s.id} session={s} onChangeSession={change} />}
    </SessionGate>
  );
}

const clean = (v: string) => v.trim().replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x660)).replace('٫', '.');
const isQty = (v: string) => /^\d{1,9}(\.\d{1,6})?$/.test(v) && new Decimal(v).gt(0);

function ReturnDesk({ session, onChangeSession }: { session: Row; onChangeSession: (() => void) | null }) {
  const { label, locale, to } = useLocale();
  const fmt = useFormat();
  const can = useCan();
  const confirm = useConfirm();
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const numberRef = useRef<HTMLInputElement>(null);
  const firstLineRef = useRef<HTMLInputElement>(null);
  const fromUrl = Number(params.get('orderId'));
  const [ref, setRef] = useState<{ orderId: number } | { number: string } | null>(Number.isInteger(fromUrl) && fromUrl > 0 ? { orderId: fromUrl } : null);
  const [typed, setTyped] = useState('');
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [itemReasons, setItemReasons] = useState<Record<number, string>>({});
  const [reasonId, setReasonId] = useState<string | null>(null);
  const [method, setMethod] = useState<RefundMethod>('cash');
  const [notes, setNotes] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const [done, setDone] = useState<ReturnDone | null>(null);
  const [matches, setMatches] = useState<{ term: string; items: OrderMatch[]; more: boolean } | null>(null);
  const [searching, setSearching] = useState(false);
  const [searchError, setSearchError] = useState<string | null>(null);
  const key = useRef<{ sig: string; key: string } | null>(null);

  const found = useQuery({ queryKey: ['pos', 'return', 'order', ref], enabled: ref !== null, retry: false, queryFn: () => findOrder(ref!) });
  const order: ReturnOrder | undefined = found.data;
  useEffect(() => {
    if (!order) return;
    setTyped(order.order.number);
    setQuantities({}); setItemReasons({}); setReasonId(null); setNotes(''); setError(null);
    setMethod(order.paid.cash !== '0.0000' ? 'cash' : order.paid.bank_transfer !== '0.0000' ? 'bank_transfer' : 'credit');
    setTimeout(() => firstLineRef.current?.focus(), 50);
  }, [order?.order.id]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => { if (!ref) numberRef.current?.focus(); }, [ref]);

  const lines = useMemo(() => (order?.lines ?? []).flatMap((l) => {
    const q = clean(quantities[l.orderLine] ?? '');
    if (!isQty(q)) return [];
    const why = (itemReasons[l.orderLine] ?? '').trim();
    return [{ orderLine: l.orderLine, quantity: q, ...(why ? { reason: why } : {}) }];
  }), [order, quantities, itemReasons]);
  const { quote, error: quoteError } = useReturnQuote(order?.order.id ?? null, lines);

  const load = (next: { orderId: number } | { number: string }) => {
    setMatches(null);
    setRef(next);
  };
  // the exact number (a scanned receipt) or a single match loads the order; several are listed; none: said so (a
  // number-like term still asks for the order itself, so an office order gets its own message)
  const find = async (e?: React.FormEvent) => {
    e?.preventDefault();
    const n = typed.trim();
    if (!n || searching) return;
    setDone(null); setSearchError(null); setMatches(null); setRef(null);
    if (params.has('orderId')) setParams({}, { replace: true });
    setSearching(true);
    try {
      const r = await searchOrders(n);
      const exact = r.items.find((m) => m.number.toLowerCase() === n.toLowerCase());
      if (exact || r.items.length === 1) load({ orderId: (exact ?? r.items[0]!).id });
      else if (r.items.length === 0 && n.includes('/')) load({ number: n });
      else if (r.items.length === 0) setSearchError(label(rt.noMatch, { term: n }));
      else setMatches({ term: n, ...r });
    } catch (err) {
      setSearchError(err instanceof Error ? err.message : String(err));
    } finally {
      setSearching(false);
    }
  };
  const fillAll = () => { if (order) setQuantities(Object.fromEntries(order.lines.map((l) => [l.orderLine, Number(l.returnable) > 0 ? l.returnable : '']))); };
  const reset = () => {
    setDone(null); setRef(null); setTyped(''); setQuantities({}); setError(null); setMatches(null); setSearchError(null);
    if (params.has('orderId')) setParams({}, { replace: true });
    setTimeout(() => numberRef.current?.focus(), 50);
  };
  const print = (id: number | null | undefined) => {
    if (id) openReceipt(id, locale).catch((e: unknown) => notifyError(label(rt.receiptFailed), e));
  };

  const submit = async () => {
    if (!order || busy || lines.length === 0 || !quote) return;
    const amount = fmt.number(method === 'credit' ? quote.totalAmount : quote.beyondDue, 2);
    const message = method === 'credit' ? label(rt.confirmAskCredit, { amount }) : label(rt.confirmAsk, { amount, method: label(rt[`method_${method}`]) });
    if (!(await confirm({ title: label(rt.confirm), message, confirmLabel: label(rt.confirm) }))) return;
    const body = {
      sessionId: session.id, orderId: order.order.id, refundMethod: method, lines,
      ...(reasonId ? { reasonId: Number(reasonId) } : {}), ...(notes.trim() ? { notes: notes.trim() } : {}),
    };
    // the same return confirmed again (after a lost answer) keeps its key: the server answers the first
    const sig = JSON.stringify(body);
    if (key.current?.sig !== sig) key.current = { sig, key: newKey() };
    setBusy(true);
    setError(null);
    try {
      const out = await sendReturn(body, key.current.key, locale);
      key.current = null;
      setDone(out);
      notifySuccess(label(rt.done, { n: out.return.number }));
      void qc.invalidateQueries({ queryKey: ['pos', 'return'] });
      void qc.invalidateQueries({ queryKey: ['entity'] });
    } catch (e) {
      const offline = isApiError(e) && (e.status === 0 || e.status >= 500);
      // refused (4xx): nothing was recorded, the next try is a new return; unknown outcome: keep the key
      if (!offline) key.current = null;
      setError({ message: offline ? label(rt.offline) : e instanceof Error ? e.message : String(e), fields: isApiError(e) ? e.fields : {} });
    } finally {
      setBusy(false);
    }
  };

  useScreenShortcuts([
    { keys: 'F2', label: label(rt.kFind), run: () => numberRef.current?.focus(), inFields: true },
    { keys: 'alt+a', label: label(rt.kAll), run: fillAll, inFields: true, physical: true },
    { keys: 'F9', label: label(rt.kConfirm), run: () => void submit(), inFields: true },
    { keys: 'alt+r', label: label(rt.kReceipt), run: () => print(done?.creditNote.id), inFields: true, physical: true },
    { keys: 'alt+n', label: label(rt.kNew), run: reset, inFields: true, physical: true },
  ]);

  const lookupError = found.error ? (found.error instanceof Error ? found.error.message : String(found.error)) : null;
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Title order={1} fz="h2">{label(rt.title)}</Title>
          <Badge variant="light" size="lg" style={{ textTransform: 'none' }}>{label(rt.session)}: <span dir="ltr">{String(session.number)}</span> · {session._refs?.branchId ?? ''}</Badge>
          {onChangeSession && <Button size="compact-sm" variant="subtle" onClick={onChangeSession}>{label(rt.changeSession)}</Button>}
        </Group>
        <Group gap="md">
          <Anchor component={Link} to={to('/pos/oldorders')} size="sm"><Group gap={4}><IconHistory size={16} />{label(rt.pastOrders)}</Group></Anchor>
          <Anchor component={Link} to={to(`/pos/sessions/${String(session.id)}`)} size="sm">{label(rt.sessionSummary)}</Anchor>
        </Group>
      </Group>

      <Paper withBorder p="sm" radius="md">
        <form onSubmit={(e) => void find(e)}>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput ref={numberRef} id="return-order" label={label(rt.orderNumber)} description={label(rt.orderHint)} value={typed} dir="auto"
              onChange={(e) => setTyped(e.currentTarget.value)} leftSection={<IconSearch size={16} />} w={{ base: '100%', sm: 420 }} aria-keyshortcuts="F2" maxLength={60} />
            <Button type="submit" loading={found.isFetching || searching}>{label(rt.find)}</Button>
          </Group>
        </form>
      </Paper>
      {(searchError ?? lookupError) && <Alert color="red" role="alert">{searchError ?? lookupError}</Alert>}
      {matches && !order && (
        <Paper withBorder p="md" radius="md" data-testid="return-matches">
          <ReturnMatches items={matches.items} more={matches.more} onPick={(id) => load({ orderId: id })} />
        </Paper>
      )}

      {done && (
        <Paper withBorder p="md" radius="md" data-testid="return-done">
          <Stack gap="xs">
            <Text fw={700} fz="lg">{label(rt.done, { n: done.return.number })}</Text>
            <Text>{label(rt.creditNote)}: <b dir="ltr" data-testid="credit-note">{done.creditNote.number}</b> · {label(rt.creditTotal)}: <b>{fmt.number(done.return.totalAmount, 2)}</b>
              {new Decimal(done.return.refundedAmount).gt(0) && <> · {label(rt.refunded)} ({label(rt[`method_${done.return.refundMethod}`])}): <b data-testid="refunded">{fmt.number(done.return.refundedAmount, 2)}</b></>}</Text>
            <Group gap="xs">
              {can('accounting.invoice.print') && done.creditNote.id && (
                <Button variant="light" leftSection={<IconPrinter size={16} />} onClick={() => print(done.creditNote.id)} aria-keyshortcuts="Alt+R">{label(rt.receipt)}</Button>
              )}
              <Button variant="default" onClick={reset} aria-keyshortcuts="Alt+N">{label(rt.newReturn)}</Button>
            </Group>
          </Stack>
        </Paper>
      )}

      {order && !done && (
        <>
          <Paper withBorder p="md" radius="md">
            <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
              <Figure title={label(rt.order)} value={<span dir="ltr">{order.order.number}</span>} />
              <Figure title={label(rt.date)} value={fmt.date(order.order.orderDate)} />
              <Figure title={label(rt.customer)} value={order.order.customer ?? ''} />
              <Figure title={label(rt.total)} value={fmt.number(order.order.totalAmount, 2)} />
              <Figure title={label(rt.paidBy)} value={(['cash', 'bank_transfer', 'credit'] as const).filter((m) => order.paid[m] !== '0.0000')
                .map((m) => `${label(rt[m])} ${fmt.number(order.paid[m], 2)}`).join(' · ')} />
            </SimpleGrid>
            <Badge mt="sm" variant="light" color={order.rules.open ? 'teal' : 'red'} style={{ textTransform: 'none' }}>
              {label(order.rules.open ? rt.openUntil : rt.periodOver, { date: fmt.date(order.rules.lastDay) })}
            </Badge>
          </Paper>
          <Paper withBorder p="md" radius="md">
            <ReturnLines lines={order.lines} quantities={quantities} reasons={itemReasons} firstRef={firstLineRef} onAll={fillAll}
              setQuantity={(l, v) => setQuantities((q) => ({ ...q, [l]: v }))} setReason={(l, v) => setItemReasons((r) => ({ ...r, [l]: v }))} />
          </Paper>
          <ReturnRefund order={order} reasonId={reasonId} setReasonId={setReasonId} method={method} setMethod={setMethod} notes={notes} setNotes={setNotes}
            quote={quote} quoteError={quoteError} error={error?.message ?? null} fields={error?.fields ?? {}} busy={busy} picked={lines.length > 0} onConfirm={() => void submit()} />
        </>
      )}
    </Stack>
  );
}

function Figure({ title, value }: { title: string; value: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">{title}</Text>
      <Text fw={600}>{value}</Text>
    </Stack>
  );
}
