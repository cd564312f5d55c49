import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrationsHash } from '../../src/core/db/initial-db';

/**
 * Where the migrated template databases live; named by a hash of the migrations so a change rebuilds them. PGlite's
 * dumps are plain tar, not gzip: a test file opens one in about 1.2 s instead of 1.6 (measured 2026-11-28).
 */
export const pgliteTemplatePath = () => join(tmpdir(), `daftar-pglite-template-${migrationsHash()}.tar`);
export const pgTemplateName = () => `daftar_tpl_${migrationsHash()}`;
export const testDbKind = (): 'pglite' | 'postgres' => (process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite');

export function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  return url;
}

export function urlFor(dbName: string): string {
  const u = new URL(adminUrl());
  u.pathname = '/' + dbName;
  return u.toString();
}

/** The same database through the pooler of TEST_POOLER_URL, or undefined when the tests run without one. */
export function poolerUrlFor(dbName: string): string | undefined {
  if (!process.env.TEST_POOLER_URL) return undefined;
  const u = new URL(process.env.TEST_POOLER_URL);
  u.pathname = '/' + dbName;
  return u.toString();
}

/** This run's id (global-setup.ts sets DAFTAR_TEST_RUN: "<start epoch s>_<random>"), naming its demo template. */
function runId(): string {
  const id = process.env.DAFTAR_TEST_RUN;
  if (!id) throw new Error('DAFTAR_TEST_RUN is not set: tests/support/global-setup.ts sets it');
  return id;
}
/**
 * The run's company templates (run-templates.ts): `demo`, the demo company; `co`, a company with its first admin and
 * no demo data. Each is a PGlite data dump or a PostgreSQL template database.
 */
export type RunTemplate = 'demo' | 'co';
export const pgliteRunTemplatePath = (kind: RunTemplate, id = runId()) => join(tmpdir(), `daftar-pglite-${kind}-${id}.tar`);
export const pgRunTemplateName = (kind: RunTemplate, id = runId()) => `daftar_${kind}_${id}`;
