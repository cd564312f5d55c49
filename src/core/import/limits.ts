/**
 * How much one import may hold: the file's size (IMPORT_MAX_MB, default 50) and its data rows (IMPORT_MAX_ROWS,
 * default 200,000); past either the whole file is refused, with a message saying the limit. Rows are written in
 * batches of BATCH_ROWS, each one savepoint.
 */
const num = (v: string | undefined, d: number) => (v && Number.isFinite(Number(v)) && Number(v) > 0 ? Number(v) : d);
export const importMaxBytes = () => num(process.env.IMPORT_MAX_MB, 50) * 1024 * 1024;
export const importMaxRows = () => num(process.env.IMPORT_MAX_ROWS, 200_000);
export const BATCH_ROWS = 500;
