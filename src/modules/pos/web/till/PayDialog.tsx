import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import Decimal from 'decimal.js';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useFormat } from '../../../../web/i18n/useFormat';
import { useLocale } from '../../../../web/i18n/useLocale';
import { type Method, payPlan } from './cart';
import { tt } from './texts';
import { useTypeAhead } from './typeAhead';

/**
 * Payment: cash (pre-filled with the total and selected, so the cashier types what was handed over; the change is
 * shown), bank transfer (with its reference) and credit (on account, a named customer only), in any split. Enter
 * completes the sale; the server decides (its refusal shows here, in the page's language).
 * While the cart's price is on its way from the server (`pricing`: the total is the till's estimate, without what
 * only the server knows), Enter waits for it and then completes, with the amounts as the cashier left them: the
 * pre-filled cash follows the priced total until the cashier changes an amount, and what they typed is never
 * replaced. What is typed right after F9, before the cash field has the focus, goes to the cash field (typeAhead.ts).
 */
export function PayDialog({ opened, total, pricing, named, busy, error, onClose, onPay }: {
  opened: boolean; total: string; pricing: boolean; named: boolean; busy: boolean; error: string | null;
  onClose: () => void; onPay: (payments: { method: Method; amount: string; reference?: string }[], change: string) => void;
}) {
  const { label } = useLocale();
  const fmt = useFormat();
  const [amounts, setAmounts] = useState<Record<Method, string>>({ cash: total, bank_transfer: '', credit: '' });
  const [reference, setReference] = useState('');
  const [touched, setTouched] = useState(false);
  const waiting = useRef(false);
  const cashRef = useRef<HTMLInputElement>(null);
  // reset as the dialog opens, before its cash field can take the focus (and what was typed ahead with it)
  useLayoutEffect(() => { if (opened) { setAmounts({ cash: total, bank_transfer: '', credit: '' }); setReference(''); setTouched(false); waiting.current = false; } }, [opened]); // eslint-disable-line react-hooks/exhaustive-deps
  // the priced total replaces the estimate in the pre-filled cash, unless the cashier has changed an amount
  useEffect(() => { if (opened && !touched) setAmounts({ cash: total, bank_transfer: '', credit: '' }); }, [total]); // eslint-disable-line react-hooks/exhaustive-deps
  // typed before the cash field had the focus: the cash tendered, and Enter completes once it is in (as below)
  useTypeAhead(opened, cashRef, (typed, enter) => {
    if (!typed) { if (enter) submit(); return; }
    setTouched(true);
    setAmounts((a) => ({ ...a, cash: typed }));
    waiting.current = enter; // submitted by the effect below once the typed cash is rendered
  });
  const clean = (v: string) => v.trim().replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x660)).replace('٫', '.');
  const valid = (v: string) => v === '' || /^\d{1,12}(\.\d{1,4})?$/.test(v);
  const norm = { cash: clean(amounts.cash), bank_transfer: clean(amounts.bank_transfer), credit: clean(amounts.credit) };
  const bad = (Object.keys(norm) as Method[]).find((m) => !valid(norm[m]));
  const plan = payPlan(total, { cash: valid(norm.cash) ? norm.cash : '', bank_transfer: valid(norm.bank_transfer) ? norm.bank_transfer : '', credit: valid(norm.credit) ? norm.credit : '' });
  const creditNoCustomer = !named && new Decimal(norm.credit && valid(norm.credit) ? norm.credit : '0').gt(0);
  const rest = (m: Method) => {
    const others = (Object.keys(norm) as Method[]).filter((x) => x !== m).reduce((s, x) => s.plus(valid(norm[x]) && norm[x] ? norm[x] : '0'), new Decimal(0));
    const r = Decimal.max(new Decimal(total).minus(others), 0);
    setTouched(true);
    setAmounts((a) => ({ ...a, [m]: r.toString() }));
  };
  const set = (m: Method) => (e: React.ChangeEvent<HTMLInputElement>) => { const v = e.currentTarget.value; setTouched(true); setAmounts((a) => ({ ...a, [m]: v })); };
  const submit = () => {
    if (pricing) { waiting.current = true; return; }
    if (bad || !plan.ok || creditNoCustomer || busy) return;
    onPay(plan.payments.map((p) => (p.method === 'bank_transfer' && reference.trim() ? { ...p, reference: reference.trim() } : p)), plan.change);
  };
  // Enter pressed while pricing: completes once the price has come (and the amounts have followed it)
  // (the render after the pre-filled cash took the priced total: `submit` reads this render's amounts)
  const followed = touched || amounts.cash === total;
  useEffect(() => { if (!pricing && followed && waiting.current && opened) { waiting.current = false; submit(); } }); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <Modal opened={opened} onClose={onClose} title={label(tt.payTitle)} size="lg" closeButtonProps={{ 'aria-label': label(tt.cancel) }}>
      <form onSubmit={(e) => { e.preventDefault(); submit(); }}>
        <Stack>
          <Group justify="space-between">
            <Text fz="xl" fw={700}>{label(tt.total)}</Text>
            <Text fz="xl" fw={700} data-testid="pay-total">{fmt.number(total, 2)}</Text>
          </Group>
          {pricing && <Text c="dimmed" size="sm" role="status" data-testid="pay-pricing">{label(tt.pricing)}</Text>}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput ref={cashRef} label={label(tt.cash)} value={amounts.cash} onChange={set('cash')} inputMode="decimal" data-autofocus onFocus={(e) => e.currentTarget.select()} error={!valid(norm.cash) ? label(tt.amount) : undefined} />
            <TextInput label={label(tt.bank_transfer)} value={amounts.bank_transfer} onChange={set('bank_transfer')} inputMode="decimal" error={!valid(norm.bank_transfer) ? label(tt.amount) : undefined} />
            <TextInput label={label(tt.credit)} value={amounts.credit} onChange={set('credit')} inputMode="decimal" error={!valid(norm.credit) ? label(tt.amount) : creditNoCustomer ? label({ en: 'A sale on credit needs a named customer, not the walk-in customer', ar: 'البيع الآجل يحتاج إلى عميل مسمى، لا العميل النقدي' }) : undefined} />
          </SimpleGrid>
          {norm.bank_transfer !== '' && <TextInput label={label(tt.reference)} value={reference} onChange={(e) => setReference(e.currentTarget.value)} maxLength={100} />}
          <Group gap="xs">
            {(['cash', 'bank_transfer', 'credit'] as Method[]).map((m) => (
              <Button key={m} variant="light" size="xs" onClick={() => rest(m)}>{label(tt.restTo, { m: label(tt[m]) })}</Button>
            ))}
          </Group>
          <Group justify="space-between" aria-live="polite">
            {plan.over ? <Text c="red">{label(tt.over)}</Text>
              : new Decimal(plan.short).gt(0) ? <Text c="red" fw={600}>{label(tt.short)}: {fmt.number(plan.short, 2)}</Text>
                : <Text fz="xl" fw={700} data-testid="pay-change">{label(tt.change)}: {fmt.number(plan.change, 2)}</Text>}
          </Group>
          {error && <Alert color="red" role="alert">{error}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>{label(tt.cancel)}</Button>
            <Button type="submit" size="lg" loading={busy} disabled={Boolean(bad) || !plan.ok || creditNoCustomer}>{label(tt.complete)}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
