import type { ReportDef as CoreReportDef } from '../../../../core/documents/report.types';
import type { ReportParams } from './report-params';

/** The generic report shape lives in core (src/core/documents/report.types.ts); accounting reports take ReportParams. */
export { type Column, type ReportData, L, col, money, nameIn } from '../../../../core/documents/report.types';
export type ReportDef = CoreReportDef<ReportParams>;
