import '../i18n/lazyMessages';
import { Anchor, Button, Container, Divider, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconPencil, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { allowedOps } from '../../core/entity/allowed-ops';
import { type AnyEntity, permissionCode } from '../../core/entity/define';
import { entityByName } from '../../modules/registry';
import { isApiError } from '../api/client';
import { useCan } from '../api/useAuth';
import { type Row, useDelete, useEntity } from '../api/useEntityQueries';
import { useFormat } from '../i18n/useFormat';
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
import { useScreenShortcuts } from '../shell/shortcuts';

/**
 * A record: its fields by section, state and transitions, edit and delete, and its audit history. Edit, delete and
 * each transition show only where the server accepts them for this user and this record's state (allowedOps, from
 * the definition). A module's screen may add buttons beside the transitions (`actions`) and panels between the
 * fields and the history (`children`), both given the loaded record.
 */
/**
 * The form's sections, then the server-set fields that have a value (a draft's empty totals stay out). `only`: a list
 * preset's fields (core/entity/preset.ts), then only the server-set ones among the rest.
 */
function detailSections(def: AnyEntity, row: Row, only?: string[]): Section[] {
  const sections = formSections(def, only)
    .map((s) => ({ ...s, fields: s.fields.filter((k) => !def.fields[k]!.virtual) }))
    .filter((s) => s.fields.length > 0);
  const placed = new Set(sections.flatMap((s) => s.fields));
  const rest = Object.entries(def.fields)
    .filter(([k, f]) => !placed.has(k) && !f.secret && !f.virtual && k !== def.states?.field && (!only || f.readOnly))
    .filter(([k]) => row[k] !== null && row[k] !== undefined && row[k] !== '')
    .map(([k]) => k);
  return rest.length ? [...sections, { fields: rest }] : sections;
}

export default function EntityDetailPage({ def: defOrName, basePath, actions, children, only }: {
  def: AnyEntity | string;
  basePath: string;
  actions?: (row: Row) => ReactNode;
  children?: (row: Row) => ReactNode;
  /** The fields shown and edited (a list preset's form fields); default all. */
  only?: string[];
}) {
  const def = typeof defOrName === 'string' ? entityByName(defOrName) : defOrName;
  const { t } = useTranslation();
  const { to, label, locale, dir } = useLocale();
  const fmt = useFormat();
  const id = Number(useParams().id);
  const can = useCan();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const m = useEntityMessages(def);
  const [deleting, setDeleting] = useState(false);
  const canView = can(permissionCode(def, 'view'));
  // While deleting, the record is not (re)fetched: it would come back as a 404; without the view permission it is
  // not asked for at all.
  const record = useEntity(def, deleting || !canView ? undefined : id);
  const del = useDelete(def);
  const [editing, setEditing] = useState(false);
  usePageTitle(record.data ? recordTitle(def, record.data, locale) : label(def.label));
  // The record's actions by key ("?" lists them): e edits, Delete deletes (asking first), b goes back to the list.
  const ops = record.data && canView ? allowedOps(def, record.data, can) : { edit: false, delete: false };
  const deleteRef = useRef<() => void>(() => undefined);
  useScreenShortcuts([
    ...(ops.edit ? [{ keys: 'e', label: t('shell.keys.detailEdit'), run: () => setEditing(true) }] : []),
    ...(ops.delete ? [{ keys: 'Delete', label: t('shell.keys.detailDelete'), run: () => deleteRef.current() }] : []),
    { keys: 'b', label: t('shell.keys.detailBack'), run: () => void navigate(to(basePath)) },
  ]);

  if (!canView) return <NoAccess />;
  if (record.isPending) return <PageLoader />;
  if (record.error) {
    if (isApiError(record.error, 404)) return <ErrorView status={404} />;
    if (isApiError(record.error, 403)) return <NoAccess />;
    throw record.error;
  }
  const row: Row = record.data;
  const { edit: canEdit, delete: canDelete } = allowedOps(def, row, can);
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
  deleteRef.current = () => void onDelete();

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
              <Button leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)} aria-keyshortcuts="e">
                {t('common.edit')}
              </Button>
            )}
            {canDelete && (
              <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={onDelete} loading={del.isPending} aria-keyshortcuts="Delete">
                {t('common.delete')}
              </Button>
            )}
          </Group>
        </Group>

        <Paper withBorder radius="md" p="lg">
          <Stack gap="lg">
            {detailSections(def, row, only).map((s, i) => (
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
                    <div key={k} style={def.fields[k]!.kind === 'json' && def.fields[k]!.widget ? { gridColumn: '1 / -1', minWidth: 0 } : { minWidth: 0 }}>
                      {!(def.fields[k]!.kind === 'json' && s.title && label(s.title) === label(def.fields[k]!.label)) && (
                        <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                          {label(def.fields[k]!.label)}
                        </Text>
                      )}
                      {/* a long unbroken value (a hash, a URL) wraps inside its cell instead of widening the page */}
                      <div style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
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
                  {t('detail.created')}: {formatDateTime(row.createdAt, fmt)}
                </Text>
              )}
              {row.updatedAt && (
                <Text size="xs" c="dimmed">
                  {t('detail.updated')}: {formatDateTime(row.updatedAt, fmt)}
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
      <EntityFormDrawer def={def} row={row} only={only} opened={editing} onClose={() => setEditing(false)} />
    </Container>
  );
}
