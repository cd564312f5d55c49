import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type AnyEntity, permissionCode } from '../../core/entity/define';
import { useCan } from '../api/useAuth';
import { useEntity, useEntityList } from '../api/useEntityQueries';
import { useLocale } from '../i18n/useLocale';
import { PageLoader } from '../ui/PageLoader';
import { EntityForm } from './EntityForm';
import { HistoryList } from './HistoryList';
import { useEntityMessages } from './useEntityMessages';
import { useSaveEntity } from './useSaveEntity';
import { usePageTitle } from '../ui/usePageTitle';

/**
 * Settings-like entities (one record per company that clients may edit but neither create nor delete, e.g.
 * accounting settings): their route shows that record's form and history instead of a list.
 */
export function isSingleton(def: AnyEntity): boolean {
  return def.operations?.create === false && def.operations?.delete === false && def.operations?.update !== false;
}

export function EntitySingleton({ def, onSaved, children }: { def: AnyEntity; onSaved?: () => Promise<void> | void; children?: React.ReactNode }) {
  const { t } = useTranslation();
  const { label } = useLocale();
  const can = useCan();
  const m = useEntityMessages(def);
  const save = useSaveEntity(def);
  const list = useEntityList(def, { pageSize: 1 });
  const id = list.data?.items[0]?.id;
  const record = useEntity(def, id);
  usePageTitle(label(def.label));

  let body: React.ReactNode;
  if (list.isPending || (id !== undefined && record.isPending)) body = <PageLoader />;
  else if (list.error || record.error) body = <Text c="red">{m.loadError}</Text>;
  else if (!record.data) body = <Text c="dimmed">{t('common.noData')}</Text>;
  else
    body = (
      <EntityForm
        key={record.data.id}
        def={def}
        mode="update"
        row={record.data}
        readOnly={!can(permissionCode(def, 'change'))}
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
