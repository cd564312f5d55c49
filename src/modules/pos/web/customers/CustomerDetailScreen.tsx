import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../../../../web/api/client';
import { useCan } from '../../../../web/api/useAuth';
import type { Row } from '../../../../web/api/useEntityQueries';
import EntityDetailPage from '../../../../web/entity/EntityDetailPage';
import { useFormat } from '../../../../web/i18n/useFormat';
import { useLocale } from '../../../../web/i18n/useLocale';
import { customers } from '../../model/customer.preset';
import { ct } from './texts';

/**
 * A customer: the generic record page of the contact with the preset's fields, and its balance (GET
 * /api/pos/customers/:id/balance: what it owes on receivable accounts), with its statement one click away.
 */
function BalancePanel({ customer }: { customer: Row }) {
  const { label, to } = useLocale();
  const fmt = useFormat();
  const can = useCan();
  const q = useQuery({
    queryKey: ['entity', 'contact', 'balance', customer.id, customer.version],
    queryFn: () => api<{ balance: string }>(`/api/pos/customers/${String(customer.id)}/balance`),
  });
  return (
    <Paper withBorder radius="md" p="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={2} fz="md">{label(customers.def.fields.balance!.label)}</Title>
          <Text size="sm" c="dimmed">{label(ct.balanceHelp)}</Text>
          {q.isError && <Text c="red" size="sm">{label(ct.balanceFailed)}</Text>}
          {q.data && <Text fw={700} fz="xl" ff="monospace" dir="ltr" ta="start">{fmt.number(q.data.balance, 2)}</Text>}
        </Stack>
        {can('sales.salesOrder.view') && (
          <Anchor component={Link} to={to(`/sales/reports/customer-statement?customerId=${String(customer.id)}`)}>{label(ct.statement)}</Anchor>
        )}
      </Group>
    </Paper>
  );
}

export default function CustomerDetailScreen() {
  return <EntityDetailPage def={customers.def} basePath={customers.route} only={customers.formFields} children={(row) => <BalancePanel customer={row} />} />;
}
