import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * An upload written to a temporary file as it arrives (never held in memory), so the readers can stream it and,
 * for CSV, read it twice (its encoding first). The caller removes it (`drop`) whatever happens.
 */
export interface Spooled { path: string; size: number; drop(): Promise<void> }

export async function spool(stream: Readable): Promise<Spooled> {
  const path = join(tmpdir(), `daftar-import-${randomUUID()}`);
  let size = 0;
  stream.on('data', (c: Buffer) => { size += c.length; });
  const drop = () => rm(path, { force: true });
  try {
    await pipeline(stream, createWriteStream(path));
  } catch (e) {
    await drop();
    throw e;
  }
  return { path, size, drop };
}
