import { Anchor, Card, Container, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowsExchange, IconClockPause, IconPackages, IconShoppingCartExclamation } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useLocale } from '../../../../web/i18n/useLocale';
import { usePageTitle } from '../../../../web/ui/usePageTitle';
import { REPORTS, rt } from './reportTexts';

/** /inventory/reports and /inventory/reports/index: the four inventory reports with what each shows. */
const ICONS: Record<string, typeof IconPackages> = {
  'stock-balance': IconPackages, 'stock-movement': IconArrowsExchange, 'reorder-level': IconShoppingCartExclamation, 'slow-moving-items': IconClockPause,
};

export default function ReportsIndexScreen() {
  const { label, to } = useLocale();
  usePageTitle(label(rt.indexTitle));
  return (
    <Container size="xl" px={0}>
      <Title order={1} fz="h2">{label(rt.indexTitle)}</Title>
      <Text c="dimmed" mb="lg">{label(rt.indexSubtitle)}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        {REPORTS.map((r) => {
          const Icon = ICONS[r.slug]!;
          return (
            <Card key={r.slug} withBorder radius="lg" padding="lg">
              <Stack gap="sm" h="100%">
                <ThemeIcon size={40} radius="md" variant="light"><Icon size={22} /></ThemeIcon>
                <Anchor component={Link} to={to(`/inventory/reports/${r.slug}`)} fw={700} fz="lg" c="inherit">{label(r.title)}</Anchor>
                <Text size="sm" c="dimmed" style={{ flex: 1 }}>{label(r.description)}</Text>
                <Anchor component={Link} to={to(`/inventory/reports/${r.slug}`)} size="sm">{label(rt.open)}</Anchor>
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
    </Container>
  );
}
