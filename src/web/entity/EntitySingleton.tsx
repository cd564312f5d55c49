import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AnyEntity } from '../../core/entity/define';
import { isApiError } from '../api/client';
import { useCurrentEntity } from '../api/useEntityQueries';
import { useLocale } from '../i18n/useLocale';
import { PageLoader } from '../ui/PageLoader';
import { EntityForm } from './EntityForm';
import { HistoryList } from './HistoryList';
import { useEntityMessages } from './useEntityMessages';
import { useSaveEntity } from './useSaveEntity';
import { usePageTitle } from '../ui/usePageTitle';

/**
 * A singleton entity's route (see isSingleton in core/entity/define.ts): that record's form (read-only without the
 * change permission, as EntityForm decides by allowedOps) and history.
 */
export function EntitySingleton({ def, onSaved, children }: { def: AnyEntity; onSaved?: () => Promise<void> | void; children?: React.ReactNode }) {
  const { t } = useTranslation();
  const { label } = useLocale();
  const m = useEntityMessages(def);
  const save = useSaveEntity(def);
  const record = useCurrentEntity(def);
  usePageTitle(label(def.label));

  let body: React.ReactNode;
  if (record.isPending) body = <PageLoader />;
  else if (record.error && !isApiError(record.error, 404)) body = <Text c="red">{m.loadError}</Text>;
  else if (!record.data) body = <Text c="dimmed">{t('common.noData')}</Text>;
  else
    body = (
      <EntityForm
        key={record.data.id}
        def={def}
        mode="update"
        row={record.data}
        confirmMessage={m.confirmEdit}
        onSubmit={async (values) => {
          await save(record.data, values);
          await onSaved?.();
        }}
      />
    );

  return (
    <Stack gap="lg">
      <Title order={1} fz="h2">
        {label(def.label)}
      </Title>
      <Paper withBorder radius="md" p="lg">
        {body}
      </Paper>
      {children}
      {record.data && (
        <Paper withBorder radius="md" p="lg" id="history">
          <Title order={2} fz="lg" mb="md">
            {t('detail.history')}
          </Title>
          <HistoryList def={def} id={record.data.id} />
        </Paper>
      )}
    </Stack>
  );
}
