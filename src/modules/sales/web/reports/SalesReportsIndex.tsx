import { Anchor, Card, Container, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBox, IconCalendarStats, IconChartPie, IconFileInvoice, IconListDetails, IconReceipt2, IconReceiptRefund, IconReportMoney, IconUserDollar, IconUsers,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { useLocale } from '../../../../web/i18n/useLocale';
import { usePageTitle } from '../../../../web/ui/usePageTitle';
import { SALES_REPORT_LIST, srt } from './reportTexts';

/** /sales/reports: the sales reports with what each shows (as inventory's index). */
const ICONS: Record<string, typeof IconBox> = {
  'product-sales': IconBox, 'customer-sales': IconUsers, 'customer-statement': IconFileInvoice, 'sales-analysis': IconChartPie,
  'purchase-analysis': IconReceipt2, 'expense-analysis': IconReportMoney, 'sales-order': IconListDetails, 'sales-summary': IconCalendarStats, salesperson: IconUserDollar,
  'sales-return': IconReceiptRefund,
};

export default function SalesReportsIndex() {
  const { label, to } = useLocale();
  usePageTitle(label(srt.indexTitle));
  return (
    <Container size="xl" px={0}>
      <Title order={1} fz="h2">{label(srt.indexTitle)}</Title>
      <Text c="dimmed" mb="lg">{label(srt.indexSubtitle)}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {SALES_REPORT_LIST.map((r) => {
          const Icon = ICONS[r.slug]!;
          return (
            <Card key={r.slug} withBorder radius="lg" padding="lg">
              <Stack gap="sm" h="100%">
                <ThemeIcon size={40} radius="md" variant="light"><Icon size={22} /></ThemeIcon>
                <Anchor component={Link} to={to(`/sales/reports/${r.slug}`)} fw={700} fz="lg" c="inherit">{label(r.title)}</Anchor>
                <Text size="sm" c="dimmed" style={{ flex: 1 }}>{label(r.description)}</Text>
                <Anchor component={Link} to={to(`/sales/reports/${r.slug}`)} size="sm">{label(srt.open)}</Anchor>
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
    </Container>
  );
}
