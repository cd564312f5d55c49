import { Anchor, Button, Container, Divider, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconPencil, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { type AnyEntity, permissionCode } from '../../core/entity/define';
import { entityByName } from '../../modules/registry';
import { isApiError } from '../api/client';
import { useCan } from '../api/useAuth';
import { type Row, useDelete, useEntity } from '../api/useEntityQueries';
import { useLocale } from '../i18n/useLocale';
import { ErrorView } from '../pages/ErrorPage';
import { useConfirm } from '../ui/ConfirmProvider';
import { NoAccess } from '../ui/NoAccess';
import { notifyError, notifySuccess } from '../ui/notify';
import { PageLoader } from '../ui/PageLoader';
import { EntityFormDrawer } from './EntityFormDrawer';
import { FieldValue } from './FieldValue';
import { HistoryList } from './HistoryList';
import { StateActions, StateBadge } from './StateActions';
import { formatDateTime, recordTitle } from './formatValue';
import { type Section, formSections } from './formValues';
import { useEntityMessages } from './useEntityMessages';
import { usePageTitle } from '../ui/usePageTitle';

/**
 * A record: its fields by section, state and transitions, edit and delete, and its audit history. A module's
 * screen may add buttons beside the transitions (`actions`), panels between the fields and the history
 * (`children`), and say when edit and delete no longer apply (`canModify`), all given the loaded record.
 */
/** The form's sections, then the server-set fields that have a value (a draft's empty totals stay out). */
function detailSections(def: AnyEntity, row: Row): Section[] {
  const sections = formSections(def)
    .map((s) => ({ ...s, fields: s.fields.filter((k) => !def.fields[k]!.virtual) }))
    .filter((s) => s.fields.length > 0);
  const placed = new Set(sections.flatMap((s) => s.fields));
  const rest = Object.entries(def.fields)
    .filter(([k, f]) => !placed.has(k) && !f.secret && !f.virtual && k !== def.states?.field)
    .filter(([k]) => row[k] !== null && row[k] !== undefined && row[k] !== '')
    .map(([k]) => k);
  return rest.length ? [...sections, { fields: rest }] : sections;
}

export default function EntityDetailPage({ def: defOrName, basePath, actions, children, canModify }: {
  def: AnyEntity | string;
  basePath: string;
  actions?: (row: Row) => ReactNode;
  children?: (row: Row) => ReactNode;
  /** Whether this record may still be edited or deleted (e.g. only a draft); hides both buttons when not. */
  canModify?: (row: Row) => boolean;
}) {
  const def = typeof defOrName === 'string' ? entityByName(defOrName) : defOrName;
  const { t } = useTranslation();
  const { to, label, locale, dir } = useLocale();
  const id = Number(useParams().id);
  const can = useCan();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const m = useEntityMessages(def);
  const [deleting, setDeleting] = useState(false);
  // While deleting, the record is not (re)fetched: it would come back as a 404.
  const record = useEntity(def, deleting ? undefined : id);
  const del = useDelete(def);
  const [editing, setEditing] = useState(false);
  usePageTitle(record.data ? recordTitle(def, record.data, locale) : label(def.label));

  if (!can(permissionCode(def, 'view'))) return <NoAccess />;
  if (record.isPending) return <PageLoader />;
  if (record.error) {
    if (isApiError(record.error, 404)) return <ErrorView status={404} />;
    if (isApiError(record.error, 403)) return <NoAccess />;
    throw record.error;
  }
  const row: Row = record.data;
  const modifiable = canModify?.(row) ?? true;
  const canEdit = modifiable && def.operations?.update !== false && can(permissionCode(def, 'change'));
  const canDelete = modifiable && def.operations?.delete !== false && can(permissionCode(def, 'delete'));
  const Back = dir === 'rtl' ? IconArrowRight : IconArrowLeft;

  const onDelete = async () => {
    if (!(await confirm({ message: m.confirmDelete, danger: true, confirmLabel: t('common.delete') }))) return;
    setDeleting(true);
    del.mutate(row.id, {
      onSuccess: () => {
        notifySuccess(m.deleted);
        void navigate(to(basePath));
      },
      onError: (e) => {
        setDeleting(false);
        notifyError(m.deleteError, e);
      },
    });
  };

  return (
    <Container size="xl" px={0}>
      <Stack gap="md">
        <Anchor component={Link} to={to(basePath)} size="sm">
          <Group gap={4}>
            <Back size={14} />
            {label(def.pluralLabel)}
          </Group>
        </Anchor>
        <Group justify="space-between" align="center">
          <Group gap="sm">
            <Title order={1} fz="h2">
              {recordTitle(def, row, locale)}
            </Title>
            <StateBadge def={def} row={row} />
          </Group>
          <Group gap="xs">
            <StateActions def={def} row={row} />
            {actions?.(row)}
            {canEdit && (
              <Button leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)}>
                {t('common.edit')}
              </Button>
            )}
            {canDelete && (
              <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={onDelete} loading={del.isPending}>
                {t('common.delete')}
              </Button>
            )}
          </Group>
        </Group>

        <Paper withBorder radius="md" p="lg">
          <Stack gap="lg">
            {detailSections(def, row).map((s, i) => (
              <Stack key={i} gap="sm">
                {s.title && (
                  <>
                    <Title order={2} fz="md">
                      {label(s.title)}
                    </Title>
                    <Divider mt={-6} />
                  </>
                )}
                <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} verticalSpacing="md">
                  {s.fields.map((k) => (
                    <div key={k} style={def.fields[k]!.kind === 'json' && def.fields[k]!.widget ? { gridColumn: '1 / -1' } : undefined}>
                      {!(def.fields[k]!.kind === 'json' && s.title && label(s.title) === label(def.fields[k]!.label)) && (
                        <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                          {label(def.fields[k]!.label)}
                        </Text>
                      )}
                      <div>
                        <FieldValue def={def} name={k} row={row} />
                      </div>
                    </div>
                  ))}
                </SimpleGrid>
              </Stack>
            ))}
            <Group gap="xl">
              {row.createdAt && (
                <Text size="xs" c="dimmed">
                  {t('detail.created')}: {formatDateTime(row.createdAt, locale)}
                </Text>
              )}
              {row.updatedAt && (
                <Text size="xs" c="dimmed">
                  {t('detail.updated')}: {formatDateTime(row.updatedAt, locale)}
                </Text>
              )}
            </Group>
          </Stack>
        </Paper>

        {children?.(row)}

        <Paper withBorder radius="md" p="lg" id="history">
          <Title order={2} fz="lg" mb="md">
            {t('detail.history')}
          </Title>
          <HistoryList def={def} id={row.id} />
        </Paper>
      </Stack>
      <EntityFormDrawer def={def} row={row} opened={editing} onClose={() => setEditing(false)} />
    </Container>
  );
}
