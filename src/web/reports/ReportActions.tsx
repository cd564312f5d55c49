import '../i18n/lazyMessages';
import { Button, Group } from '@mantine/core';
import { IconFileSpreadsheet, IconFileTypePdf, IconTableExport } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download } from '../api/download';
import { useScreenShortcuts } from '../shell/shortcuts';
import { notifyError, notifySuccess } from '../ui/notify';
import type { ReportConfig, ReportModule } from './types';
import { useText } from './useText';

type Kind = 'xlsx' | 'pdf' | 'combined';

/** Excel / PDF / combined-workbook downloads of the report with the filters on screen ("x" and "p" by key). */
export function ReportActions({ module, cfg, query }: {
  module: Pick<ReportModule, 'api' | 'texts'>;
  cfg: ReportConfig;
  query: (extra?: Record<string, string | number>, withPage?: boolean) => string;
}) {
  const { t } = useTranslation();
  const text = useText();
  const [busy, setBusy] = useState<Kind | null>(null);
  const run = async (kind: Kind) => {
    const base = `${module.api}/`;
    const [path, file] =
      kind === 'combined' ? [`${base}combined.xlsx?${query({ names: cfg.combined! }, false)}`, 'reports.xlsx']
      : [`${base}${cfg.name}?${query({ format: kind }, false)}`, `${cfg.name}.${kind}`];
    setBusy(kind);
    try {
      await download(path, file);
      if (module.texts?.downloaded) notifySuccess(text(module.texts.downloaded));
    } catch (e) {
      const failed = kind === 'pdf' ? module.texts?.pdfFailed ?? 'reports.pdfFailed' : module.texts?.failed ?? 'reports.failed';
      notifyError(text(failed), e);
    } finally {
      setBusy(null);
    }
  };
  useScreenShortcuts([
    { keys: 'x', label: t('shell.keys.reportExcel'), run: () => void run('xlsx') },
    { keys: 'p', label: t('shell.keys.reportPdf'), run: () => void run('pdf') },
  ]);
  return (
    <Group gap="xs">
      <Button variant="default" size="sm" leftSection={<IconFileSpreadsheet size={16} />} loading={busy === 'xlsx'} onClick={() => void run('xlsx')} aria-keyshortcuts="x">
        {t('reports.downloadExcel')}
      </Button>
      <Button variant="default" size="sm" leftSection={<IconFileTypePdf size={16} />} loading={busy === 'pdf'} onClick={() => void run('pdf')} aria-keyshortcuts="p">
        {t('reports.downloadPdf')}
      </Button>
      {cfg.combined && (
        <Button variant="default" size="sm" leftSection={<IconTableExport size={16} />} loading={busy === 'combined'} onClick={() => void run('combined')}>
          {t('reports.combinedExcel')}
        </Button>
      )}
    </Group>
  );
}
