import { Anchor, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useCompanyToday } from '../../../web/api/useAuth';
import { EntityForm } from '../../../web/entity/EntityForm';
import { useEntityMessages } from '../../../web/entity/useEntityMessages';
import { useSaveEntity } from '../../../web/entity/useSaveEntity';
import { useLocale } from '../../../web/i18n/useLocale';
import { detailRouteOf } from '../../../web/routeTable';
import { usePageTitle } from '../../../web/ui/usePageTitle';
import { entityByName } from '../../registry';
import { tx } from './texts';

/**
 * A new stock adjustment on a page of its own (/inventory/transactions/stock-adjustment, the definition's
 * `form.page`, which the list's "New" opens): location, date and reason, then the counted items (the location's
 * stock can be loaded in one click) with their running totals. Saved as a draft, it opens on its record page,
 * where it is confirmed.
 */
const def = entityByName('stockAdjustment');

export default function NewAdjustmentScreen() {
  const { label, to, dir } = useLocale();
  const navigate = useNavigate();
  const m = useEntityMessages(def);
  const save = useSaveEntity(def);
  const today = useCompanyToday();
  usePageTitle(label(tx.newAdjustment));
  const detail = detailRouteOf(def.name) ?? '/inventory/transactions/stock-adjustment/{id}';
  const Back = dir === 'rtl' ? IconArrowRight : IconArrowLeft;
  return (
    <Container size="xl" px={0}>
      <Stack gap="md">
        <Anchor component={Link} to={to(def.route!)} size="sm">
          <Group gap={4}><Back size={14} />{label(def.pluralLabel)}</Group>
        </Anchor>
        <Title order={1} fz="h2">{label(tx.newAdjustment)}</Title>
        <Text c="dimmed" size="sm">{label(tx.newAdjustmentHelp)}</Text>
        <Paper withBorder radius="md" p="lg">
          <EntityForm def={def} mode="create" row={{ id: 0, version: 0, date: today(), reason: 'physical_count', items: [] }}
            confirmMessage={m.confirmAdd} submitLabel={label(tx.createDraft)} columns={3}
            onCancel={() => void navigate(to(def.route!))}
            onSubmit={async (body) => {
              const saved = await save(undefined, body);
              void navigate(to(detail.replace('{id}', String(saved.id))));
            }} />
        </Paper>
      </Stack>
    </Container>
  );
}
