import { ReportView } from '../../../../web/reports/ReportView';
import type { ReportModule } from '../../../../web/reports/types';
import { INVENTORY_REPORTS } from './reportConfig';
import { rt } from './reportTexts';

/** /inventory/reports/<stock-balance|stock-movement|reorder-level|slow-moving-items>: the generic report screen. */
const SUMMARY: Record<string, (typeof rt)[keyof typeof rt]> = {
  totalValue: rt.totalValue, openingValue: rt.openingValue, closingValue: rt.closingValue, inValue: rt.inValue, outValue: rt.outValue, estimatedCost: rt.estimatedCost,
};

const inventoryReports: ReportModule = {
  api: '/api/inventory/reports',
  configs: INVENTORY_REPORTS,
  fallback: 'stock-balance',
  texts: { failed: rt.downloadFailed, pdfFailed: rt.downloadFailed, downloaded: rt.downloaded },
  summaryLabel: (key) => SUMMARY[key],
};

export default function InventoryReportScreen() {
  return <ReportView module={inventoryReports} />;
}
