import { Badge, Code, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { api } from '../../../web/api/client';
import { useFormat } from '../../../web/i18n/useFormat';
import { useLocale } from '../../../web/i18n/useLocale';
import { et, kindText, profileText, statusColor, statusText } from './einvoicingTexts';

/**
 * The invoice page's "E-invoice" panel: the invoice's ZATCA document (GET /api/accounting/zatca/invoices/:id, null
 * when it has none: then nothing shows): type, ICV, UUID, hash, status and the authority's messages in the page's
 * language.
 */
interface AuthorityMessage { type?: string; code?: string; en?: string; ar?: string; message?: string }
interface ZatcaDoc { icv: number; uuid: string; hash: string; profile: string; kind: string; status: string; messages: AuthorityMessage[]; attempts: number; answeredAt: string | null }

function Fact({ name, children }: { name: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">{name}</Text>
      {children}
    </Stack>
  );
}

export function EInvoicePanel({ invoiceId, status }: { invoiceId: number; status: string }) {
  const { label, locale } = useLocale();
  const fmt = useFormat();
  // keyed by the invoice's status too: confirming it makes the document
  const q = useQuery({ queryKey: ['zatca', 'invoice', invoiceId, status], queryFn: () => api<ZatcaDoc | null>(`/api/accounting/zatca/invoices/${invoiceId}`).then((d) => d ?? null) });
  const d = q.data;
  if (!d) return null;
  const text = (m: AuthorityMessage) => (locale === 'ar' ? m.ar : m.en) ?? m.en ?? m.message ?? m.code ?? '';
  return (
    <Paper withBorder radius="md" p="lg" data-testid="einvoice-panel" aria-labelledby="einvoice-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="md" id="einvoice-title">{label(et.panel)}</Title>
          <Badge variant="light" size="lg" color={statusColor[d.status] ?? 'gray'} tt="none" data-status={d.status}>{statusText[d.status] ? label(statusText[d.status]!) : d.status}</Badge>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Fact name={label(et.type)}>
            <Text size="sm">{profileText[d.profile] ? label(profileText[d.profile]!) : d.profile}{d.kind !== 'invoice' && kindText[d.kind] ? ` · ${label(kindText[d.kind]!)}` : ''}</Text>
          </Fact>
          <Fact name={label(et.icv)}><Text size="sm" data-icv={d.icv}>{fmt.number(d.icv, 0)}</Text></Fact>
          <Fact name={label(et.attempts)}><Text size="sm">{fmt.number(d.attempts, 0)}{d.answeredAt ? ` · ${label(et.answeredAt)}: ${fmt.date(d.answeredAt)}` : ''}</Text></Fact>
        </SimpleGrid>
        <Fact name={label(et.uuid)}><Code dir="ltr" style={{ alignSelf: 'flex-start' }} data-testid="einvoice-uuid">{d.uuid}</Code></Fact>
        <Fact name={label(et.hash)}><Code dir="ltr" style={{ alignSelf: 'flex-start', wordBreak: 'break-all' }} data-testid="einvoice-hash">{d.hash}</Code></Fact>
        <Fact name={label(et.messages)}>
          {d.messages.length === 0 ? <Text size="sm" c="dimmed">{label(et.noMessages)}</Text> : (
            <List size="sm" spacing={4}>
              {d.messages.map((m, i) => <List.Item key={i} c={m.type === 'error' ? 'red.8' : undefined}>{text(m)}</List.Item>)}
            </List>
          )}
        </Fact>
      </Stack>
    </Paper>
  );
}
