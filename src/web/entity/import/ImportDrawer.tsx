import './importMessages';
import { Alert, Button, Checkbox, Drawer, FileInput, Group, Progress, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { IconDownload, IconFileImport } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnyEntity } from '../../../core/entity/define';
import { importColumns } from '../../../core/import/columns';
import { foldHeader } from '../../../core/import/cells';
import { download } from '../../api/download';
import { entityUrl } from '../../api/useEntityQueries';
import { useMe } from '../../api/useAuth';
import { useLocale } from '../../i18n/useLocale';
import { notifyError, notifySuccess } from '../../ui/notify';
import { type ImportResult, postFile } from './importRequest';

/**
 * The import of any entity (core/import): download a template, upload a file, map its columns (suggested by the
 * server from the headers, the user's own choices remembered per user and entity in localStorage, by header), check
 * it (a dry run listing each row's errors), then import all or nothing or only the valid rows. The upload's
 * progress and the rows the server has written show while it runs.
 */
export default function ImportDrawer({ def, opened, onClose }: { def: AnyEntity; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { label } = useLocale();
  const qc = useQueryClient();
  const me = useMe();
  const base = `${entityUrl(def)}/import`;
  const [file, setFile] = useState<File | null>(null);
  const [headers, setHeaders] = useState<string[] | null>(null);
  const [mapping, setMapping] = useState<(string | null)[]>([]);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [validOnly, setValidOnly] = useState(false);
  const [busy, setBusy] = useState<null | 'read' | 'check' | 'run'>(null);
  const [upload, setUpload] = useState(0);
  const [rows, setRows] = useState(0);
  const [remembered, setRemembered] = useLocalStorage<Record<string, string | null>>({ key: `daftar:import-map:${me.data?.user.id ?? 0}:${def.name}`, defaultValue: {}, getInitialValueInEffect: false });

  const options = useMemo(() => [
    { value: '', label: t('importData.ignore') },
    ...importColumns(def).map((c) => ({ value: c.key, label: c.line ? t('importData.line', { label: label(c.label) }) : `${label(c.label)}${c.required ? ' *' : ''}` })),
  ], [def, t, label]);

  const reset = () => { setHeaders(null); setMapping([]); setResult(null); setRows(0); setUpload(0); };
  const close = () => { reset(); setFile(null); onClose(); };

  const read = async () => {
    if (!file) return;
    setBusy('read'); setResult(null);
    try {
      const p = await postFile<{ headers: string[]; mapping: (string | null)[] }>(`${base}/preview`, file, setUpload);
      setHeaders(p.headers);
      setMapping(p.headers.map((h, i) => { const k = foldHeader(h); return k in remembered ? remembered[k]! : p.mapping[i] ?? null; }));
    } catch (e) {
      notifyError(t('importData.failed'), e);
    } finally {
      setBusy(null);
    }
  };

  const run = async (dryRun: boolean) => {
    if (!file || !headers) return;
    setBusy(dryRun ? 'check' : 'run'); setRows(0); setUpload(0);
    const q = new URLSearchParams({ progress: '1', mapping: JSON.stringify(mapping) });
    if (dryRun) q.set('dryRun', '1');
    if (validOnly) q.set('validOnly', '1');
    try {
      const r = await postFile<ImportResult>(`${base}?${q}`, file, setUpload, setRows);
      setResult(r);
      setRemembered({ ...remembered, ...Object.fromEntries(headers.map((h, i) => [foldHeader(h), mapping[i] ?? null])) });
      if (!dryRun && r.committed) {
        notifySuccess(t('importData.done', { inserted: r.inserted, updated: r.updated }));
        await qc.invalidateQueries({ queryKey: ['entity'] });
        close();
      }
    } catch (e) {
      notifyError(t('importData.failed'), e);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Drawer opened={opened} onClose={close} position="right" size="xl" title={<Title order={2} fz="h3">{t('importData.title', { entity: label(def.pluralLabel) })}</Title>}>
      <Stack gap="md">
        <Text size="sm">{t('importData.intro')}</Text>
        <Group gap="xs">
          <Button variant="default" size="xs" leftSection={<IconDownload size={14} />} onClick={() => void download(`${base}/template.xlsx?lang=en`, `${def.path}-template.xlsx`).catch((e) => notifyError(t('importData.failed'), e))}>{t('importData.templateEn')}</Button>
          <Button variant="default" size="xs" leftSection={<IconDownload size={14} />} onClick={() => void download(`${base}/template.xlsx?lang=ar`, `${def.path}-template.xlsx`).catch((e) => notifyError(t('importData.failed'), e))}>{t('importData.templateAr')}</Button>
        </Group>
        <Group align="flex-end" gap="sm">
          <FileInput
            label={t('importData.file')}
            placeholder={t('importData.filePlaceholder')}
            accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            value={file}
            onChange={(f) => { setFile(f); reset(); }}
            clearable
            clearButtonProps={{ 'aria-label': t('importData.clearFile') }}
            style={{ flex: 1 }}
          />
          <Button onClick={read} disabled={!file} loading={busy === 'read'} leftSection={<IconFileImport size={16} />}>{t('importData.read')}</Button>
        </Group>

        {busy && busy !== 'read' && (
          <Stack gap={4}>
            <Progress value={Math.round(upload * 100)} aria-label={t('importData.uploading', { percent: Math.round(upload * 100) })} />
            <Text size="sm" role="status">{upload < 1 ? t('importData.uploading', { percent: Math.round(upload * 100) }) : t('importData.processed', { count: rows })}</Text>
          </Stack>
        )}

        {headers && (
          <Stack gap="xs">
            <Title order={3} fz="h4">{t('importData.mapping')}</Title>
            <Table withTableBorder striped>
              <Table.Thead>
                <Table.Tr><Table.Th>{t('importData.fileColumn')}</Table.Th><Table.Th>{t('importData.field')}</Table.Th></Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {headers.map((h, i) => (
                  <Table.Tr key={i}>
                    <Table.Td>{h || '—'}</Table.Td>
                    <Table.Td>
                      <Select
                        aria-label={t('importData.fieldFor', { column: h || String(i + 1) })}
                        data={options}
                        value={mapping[i] ?? ''}
                        onChange={(v) => { setMapping((m) => m.map((x, j) => (j === i ? (v || null) : x === v && v ? null : x))); setResult(null); }}
                        allowDeselect={false}
                        searchable
                        size="xs"
                        comboboxProps={{ withinPortal: true }}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Checkbox label={t('importData.validOnly')} checked={validOnly} onChange={(e) => setValidOnly(e.currentTarget.checked)} />
            <Group gap="sm">
              <Button variant="default" onClick={() => void run(true)} loading={busy === 'check'} disabled={!!busy}>{t('importData.dryRun')}</Button>
              <Button onClick={() => void run(false)} loading={busy === 'run'} disabled={!!busy || (!!result && result.failed > 0 && !validOnly)}>{t('importData.run')}</Button>
            </Group>
          </Stack>
        )}

        {result && <ImportResultView result={result} />}
      </Stack>
    </Drawer>
  );
}

function ImportResultView({ result }: { result: ImportResult }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" aria-live="polite">
      <Alert color={result.failed ? 'red' : 'green'} title={result.message ?? t('importData.checked')}>
        {t('importData.summary', { rows: result.rows, inserted: result.inserted, updated: result.updated, unchanged: result.unchanged, failed: result.failed })}
        {!result.failed && <Text size="sm">{t('importData.noErrors')}</Text>}
      </Alert>
      {result.errors.length > 0 && (
        <>
          <Title order={3} fz="h4">{t('importData.errors')}</Title>
          <Table withTableBorder striped data-testid="import-errors">
            <Table.Thead>
              <Table.Tr><Table.Th>{t('importData.row')}</Table.Th><Table.Th>{t('importData.column')}</Table.Th><Table.Th>{t('importData.message')}</Table.Th></Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {result.errors.map((e, i) => (
                <Table.Tr key={i}><Table.Td>{e.row}</Table.Td><Table.Td>{e.column ?? '—'}</Table.Td><Table.Td>{e.message}</Table.Td></Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {result.errors.length >= 1000 && <Text size="sm" c="dimmed">{t('importData.moreErrors', { count: 1000 })}</Text>}
        </>
      )}
    </Stack>
  );
}
