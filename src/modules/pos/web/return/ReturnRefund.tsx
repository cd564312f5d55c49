import { Alert, Button, Group, Kbd, Paper, Radio, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import Decimal from 'decimal.js';
import { useFormat } from '../../../../web/i18n/useFormat';
import { useLocale } from '../../../../web/i18n/useLocale';
import { REFUND_METHODS, type RefundMethod, type ReturnOrder, type ReturnQuote } from './returnApi';
import { rt } from './texts';

/**
 * The return's reason, refund method and notes beside the server's figures (the quote: subtotal, tax, the total
 * credited, the part taken off what the customer owes and the part paid back by the method), and Confirm (F9).
 * Each method shows what the order was paid in it (less earlier refunds); a refund larger than that is flagged
 * here and refused by the server.
 */
export function ReturnRefund({ order, reasonId, setReasonId, method, setMethod, notes, setNotes, quote, quoteError, error, fields, busy, picked, onConfirm }: {
  order: ReturnOrder; reasonId: string | null; setReasonId: (v: string | null) => void; method: RefundMethod; setMethod: (m: RefundMethod) => void;
  notes: string; setNotes: (v: string) => void; quote: ReturnQuote | null; quoteError: string | null; error: string | null; fields: Record<string, string>;
  busy: boolean; picked: boolean; onConfirm: () => void;
}) {
  const { label } = useLocale();
  const fmt = useFormat();
  const inMethod = quote ? (method === 'credit' ? new Decimal(quote.totalAmount) : new Decimal(quote.beyondDue)) : null;
  const paid = new Decimal(order.paid[method] ?? '0');
  const over = inMethod !== null && inMethod.gt(paid);
  const row = (title: string, value: string, strong = false, testId?: string) => (
    <Group justify="space-between"><Text fw={strong ? 700 : undefined}>{title}</Text><Text fw={strong ? 700 : undefined} data-testid={testId}>{value}</Text></Group>
  );
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          {order.reasons.length === 0 && order.rules.requireReturnReason ? <Alert color="yellow">{label(rt.noReasons)}</Alert> : (
            <Select label={label(rt.reason)} data={order.reasons.map((r) => ({ value: String(r.id), label: r.name }))} value={reasonId} onChange={setReasonId}
              required={order.rules.requireReturnReason} clearable={!order.rules.requireReturnReason} searchable comboboxProps={{ withinPortal: true }} error={fields.reasonId} />
          )}
          <Radio.Group label={label(rt.refundMethod)} value={method} onChange={(v) => setMethod(v as RefundMethod)} error={fields.refundMethod}>
            <Stack gap={6} mt={4}>
              {REFUND_METHODS.map((m) => (
                <Radio key={m} value={m} label={`${label(rt[m])} (${label(rt.paidIn, { amount: fmt.number(order.paid[m], 2) })})`} />
              ))}
            </Stack>
          </Radio.Group>
          <Textarea label={label(rt.notes)} value={notes} onChange={(e) => setNotes(e.currentTarget.value)} maxLength={2000} autosize minRows={1} maxRows={4} />
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Stack gap={6} aria-live="polite">
          <Text fw={700}>{label(rt.refund)}</Text>
          {!picked ? <Text c="dimmed">{label(rt.pickLines)}</Text> : !quote ? <Text c="dimmed">{quoteError ? '' : label(rt.loading)}</Text> : (
            <>
              {row(label(rt.subtotal), fmt.number(quote.subtotal, 2))}
              {row(label(rt.tax), fmt.number(quote.taxAmount, 2))}
              {row(label(rt.creditTotal), fmt.number(quote.totalAmount, 2), true, 'return-total')}
              {new Decimal(quote.toDue).gt(0) && row(label(rt.toDue), fmt.number(quote.toDue, 2))}
              {method === 'credit'
                ? new Decimal(quote.beyondDue).gt(0) && row(label(rt.onAccount), fmt.number(quote.beyondDue, 2))
                : row(label(rt.toRefund, { method: label(rt[`method_${method}`]) }), fmt.number(quote.beyondDue, 2), true, 'return-refund')}
              {over && <Text c="red" size="sm">{label(rt.tooMuch, { paid: fmt.number(paid.toFixed(2), 2) })}</Text>}
            </>
          )}
          {quoteError && <Alert color="red" role="alert" py={6}>{quoteError}</Alert>}
          {error && <Alert color="red" role="alert" py={6}>{error}</Alert>}
          <Button mt="sm" size="lg" color="orange" leftSection={<IconArrowBackUp />} rightSection={<Kbd>F9</Kbd>} loading={busy}
            disabled={!picked || !quote || !order.rules.open} onClick={onConfirm} aria-keyshortcuts="F9">{label(rt.confirm)}</Button>
        </Stack>
      </Paper>
    </SimpleGrid>
  );
}
