import { Button, Group } from '@mantine/core';
import { IconFileSpreadsheet, IconFileTypePdf, IconTableExport } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download } from '../../../../web/api/download';
import { notifyError } from '../../../../web/ui/notify';
import type { ReportConfig } from './reportConfig';

type Kind = 'xlsx' | 'pdf' | 'combined';

/** Excel / PDF / combined-workbook downloads of the report with the filters on screen. */
export function ReportActions({ cfg, query }: { cfg: ReportConfig; query: (extra?: Record<string, string | number>, withPage?: boolean) => string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<Kind | null>(null);
  const run = async (kind: Kind) => {
    const base = `/api/accounting/reports/`;
    const all: Record<string, number> = cfg.paged ? { pageSize: 1000 } : {};
    const [path, file] =
      kind === 'combined' ? [`${base}combined.xlsx?${query({ names: cfg.combined! }, false)}`, 'reports.xlsx']
      : [`${base}${cfg.name}?${query({ ...all, format: kind }, false)}`, `${cfg.name}.${kind}`];
    setBusy(kind);
    try {
      await download(path, file);
    } catch (e) {
      notifyError(kind === 'pdf' ? t('reports.pdfFailed') : t('reports.failed'), e);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Group gap="xs">
      <Button variant="default" size="sm" leftSection={<IconFileSpreadsheet size={16} />} loading={busy === 'xlsx'} onClick={() => void run('xlsx')}>
        {t('reports.downloadExcel')}
      </Button>
      <Button variant="default" size="sm" leftSection={<IconFileTypePdf size={16} />} loading={busy === 'pdf'} onClick={() => void run('pdf')}>
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
