import { Alert, Anchor, Badge, Button, Container, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconRefresh, IconSend } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../../web/api/client';
import { useCan } from '../../../web/api/useAuth';
import { RefSelect } from '../../../web/entity/RefSelect';
import { useFormat } from '../../../web/i18n/useFormat';
import { useLocale } from '../../../web/i18n/useLocale';
import { NoAccess } from '../../../web/ui/NoAccess';
import { errorMessage, notifyError, notifySuccess } from '../../../web/ui/notify';
import { usePageTitle } from '../../../web/ui/usePageTitle';
import { EInvoicingOnboard } from './EInvoicingOnboard';
import { environmentText, et, reasonText, statusColor, statusText } from './einvoicingTexts';

/**
 * ZATCA e-invoicing (/accounting/einvoicing): the company's units (GET /api/accounting/zatca/units), onboarding a
 * unit, "Send pending now" (POST .../send, the outcome counts shown) and the chain verification (GET .../verify:
 * ok, or each problem by unit, ICV and invoice). Each part shows only with the permission its route asks.
 */
interface Unit {
  id: number; name: string; environment: string; status: string; lastIcv: number; pending: number; rejected: number; createdAt: string;
  branchId: number | null; branch: { name: string; nameAr: string | null } | null;
}
interface Problem { unitId: number; icv: number | null; invoiceId: number | null; reason: string }
interface Chain { unitId: number; name: string; checked: number; lastIcv: number; ok: boolean }
interface Report { ok: boolean; units: number; checked: number; chains: Chain[]; problems: Problem[] }
interface SendResult { sent: number; outcomes: Record<string, number> }

/** A unit's POS branch, changed in place (PATCH .../units/:id): the branch's till sales are signed on it from then on. */
function UnitBranch({ unit, title }: { unit: Unit; title: string | null }) {
  const { label } = useLocale();
  const qc = useQueryClient();
  const bind = useMutation({
    mutationFn: (branchId: number | null) => api(`/api/accounting/zatca/units/${unit.id}`, { method: 'PATCH', body: { branchId } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['zatca'] }),
    onError: (e) => notifyError(label(et.bindFailed), e),
  });
  return (
    <RefSelect target="posBranch" size="xs" aria-label={label(et.branchOf, { name: unit.name })} placeholder={label(et.officeUnit)} filters={{ isActive: 'true' }}
      value={unit.branchId === null ? null : String(unit.branchId)} initialTitle={title} disabled={bind.isPending}
      onChange={(v) => bind.mutate(v ? Number(v) : null)} />
  );
}

function Units({ units, error }: { units: Unit[] | undefined; error: unknown }) {
  const { label, locale } = useLocale();
  const canBind = useCan()('accounting.accountingSettings.change');
  const fmt = useFormat();
  if (error) return <Alert color="red" title={label(et.loadFailed)}>{errorMessage(error)}</Alert>;
  if (!units) return null;
  if (!units.length) return <Text c="dimmed" size="sm">{label(et.noUnits)}</Text>;
  return (
    <Table striped withTableBorder aria-label={label(et.units)}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{label(et.name)}</Table.Th>
          <Table.Th>{label(et.posBranch)}</Table.Th>
          <Table.Th>{label(et.environment)}</Table.Th>
          <Table.Th>{label(et.status)}</Table.Th>
          <Table.Th ta="end">{label(et.lastIcv)}</Table.Th>
          <Table.Th ta="end">{label(et.pending)}</Table.Th>
          <Table.Th ta="end">{label(et.rejectedCount)}</Table.Th>
          <Table.Th>{label(et.onboardedAt)}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {units.map((u) => (
          <Table.Tr key={u.id} data-unit={u.name}>
            <Table.Td>{u.name}</Table.Td>
            <Table.Td data-testid="unit-branch">
              {canBind ? <UnitBranch unit={u} title={u.branch ? (locale === 'ar' && u.branch.nameAr ? u.branch.nameAr : u.branch.name) : null} />
                : u.branch ? (locale === 'ar' && u.branch.nameAr ? u.branch.nameAr : u.branch.name) : <Text c="dimmed" size="sm" span>{label(et.officeUnit)}</Text>}
            </Table.Td>
            <Table.Td>{environmentText[u.environment] ? label(environmentText[u.environment]!) : u.environment}</Table.Td>
            <Table.Td><Badge variant="light" color={statusColor[u.status] ?? 'gray'} tt="none">{statusText[u.status] ? label(statusText[u.status]!) : u.status}</Badge></Table.Td>
            <Table.Td ta="end">{fmt.number(u.lastIcv, 0)}</Table.Td>
            <Table.Td ta="end">{fmt.number(u.pending, 0)}</Table.Td>
            <Table.Td ta="end">{fmt.number(u.rejected, 0)}</Table.Td>
            <Table.Td>{fmt.date(u.createdAt)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function SendNow() {
  const { label } = useLocale();
  const fmt = useFormat();
  const qc = useQueryClient();
  const [result, setResult] = useState<SendResult | null>(null);
  const send = useMutation({
    mutationFn: () => api<SendResult>('/api/accounting/zatca/send', { method: 'POST', body: {} }),
    onSuccess: (r) => {
      setResult(r);
      notifySuccess(label(et.sent, { n: fmt.number(r.sent, 0) }));
      void qc.invalidateQueries({ queryKey: ['zatca'] });
    },
    onError: (e) => notifyError(label(et.sendFailed), e),
  });
  const outcome = (k: string) => (et as Record<string, { en: string; ar: string }>)[`outcome_${k}`];
  return (
    <Stack gap="xs">
      <Group gap="sm">
        <Button leftSection={<IconSend size={16} />} loading={send.isPending} onClick={() => send.mutate()}>{label(et.send)}</Button>
        <Text c="dimmed" size="sm">{label(et.sendHelp)}</Text>
      </Group>
      {result && (
        <Group gap="xs" data-testid="send-result" role="status">
          <Badge variant="light" color="blue" tt="none">{label(et.sent, { n: fmt.number(result.sent, 0) })}</Badge>
          {Object.entries(result.outcomes).map(([k, n]) => (
            <Badge key={k} variant="light" color={k === 'rejected' ? 'red' : k === 'retry' ? 'yellow' : 'teal'} tt="none">
              {outcome(k) ? label(outcome(k)!, { n: fmt.number(n, 0) }) : `${k}: ${n}`}
            </Badge>
          ))}
        </Group>
      )}
    </Stack>
  );
}

function Verify({ units }: { units: Unit[] | undefined }) {
  const { label, to } = useLocale();
  const fmt = useFormat();
  const report = useQuery({ queryKey: ['zatca', 'verify'], queryFn: () => api<Report>('/api/accounting/zatca/verify') });
  const unitName = (id: number) => units?.find((u) => u.id === id)?.name ?? `#${id}`;
  const r = report.data;
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="md">{label(et.verify)}</Title>
          <Button variant="default" size="xs" leftSection={<IconRefresh size={14} />} loading={report.isFetching} onClick={() => void report.refetch()}>{label(et.verifyAgain)}</Button>
        </Group>
        {report.error ? <Alert color="red" title={label(et.loadFailed)}>{errorMessage(report.error)}</Alert> : null}
        {r && (r.ok ? (
          <Alert color="teal" icon={<IconCircleCheck />} data-testid="verify-result" data-ok="true">
            {label(et.verifyOk, { checked: fmt.number(r.checked, 0), units: fmt.number(r.units, 0) })}
            {r.chains.length > 1 && (
              <ul aria-label={label(et.chainsHeading)} style={{ margin: 0, paddingInlineStart: '1.2em' }}>
                {r.chains.map((c) => <li key={c.unitId}>{label(et.chainOf, { name: c.name, checked: fmt.number(c.checked, 0), icv: fmt.number(c.lastIcv, 0) })}</li>)}
              </ul>
            )}
          </Alert>
        ) : (
          <Stack gap="xs" data-testid="verify-result" data-ok="false">
            <Alert color="red" icon={<IconAlertTriangle />}>{label(et.verifyBad, { n: fmt.number(r.problems.length, 0), checked: fmt.number(r.checked, 0) })}</Alert>
            <Table striped withTableBorder aria-label={label(et.verify)}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{label(et.unit)}</Table.Th>
                  <Table.Th ta="end">{label(et.icv)}</Table.Th>
                  <Table.Th>{label(et.invoice)}</Table.Th>
                  <Table.Th>{label(et.problem)}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {r.problems.map((p, i) => (
                  <Table.Tr key={i} data-reason={p.reason}>
                    <Table.Td>{unitName(p.unitId)}</Table.Td>
                    <Table.Td ta="end">{p.icv === null ? '' : fmt.number(p.icv, 0)}</Table.Td>
                    <Table.Td>{p.invoiceId === null ? '' : <Anchor component={Link} to={to(`/accounting/accounts/invoicedetails/${p.invoiceId}`)}>#{fmt.number(p.invoiceId, 0)}</Anchor>}</Table.Td>
                    <Table.Td>{reasonText[p.reason] ? label(reasonText[p.reason]!) : p.reason}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}

export default function EInvoicingScreen() {
  const { label } = useLocale();
  const can = useCan();
  usePageTitle(label(et.title));
  const allowed = can('accounting.accountingSettings.view');
  const units = useQuery({ queryKey: ['zatca', 'units'], queryFn: () => api<{ items: Unit[] }>('/api/accounting/zatca/units'), enabled: allowed });
  if (!allowed) return <NoAccess />;
  return (
    <Container size="xl" px={0}>
      <Stack gap="md">
        <Title order={1} fz="h2">{label(et.title)}</Title>
        <Text c="dimmed" size="sm">{label(et.intro)}</Text>
        <Paper withBorder radius="md" p="lg">
          <Stack gap="sm">
            <Title order={2} fz="md">{label(et.units)}</Title>
            <Units units={units.data?.items} error={units.error} />
            {can('accounting.invoice.confirm') && <SendNow />}
          </Stack>
        </Paper>
        {can('accounting.accountingSettings.change') && <EInvoicingOnboard />}
        {can('accounting.journalEntry.reports') && <Verify units={units.data?.items} />}
      </Stack>
    </Container>
  );
}
