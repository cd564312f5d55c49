import Decimal from 'decimal.js';
import { dateProblem } from '../../../core/entity/bounds';
import { AppError } from '../../../core/http/errors';
import { type Label, type Locale, tr } from '../../../core/i18n/locale';
import { sm } from './stock.messages';
import type { StockLineInput, StockMoveType, StockPostInput } from './stock.types';

/**
 * Shape checks of a postStock input, before anything is read or locked: a date, 1..MAX_LINES lines, positive
 * decimal quantities, non-negative unit costs, integer ids, different source and destination. Pure.
 */
export const MAX_LINES = 1000;
const MOVE_TYPES: StockMoveType[] = ['incoming', 'outgoing', 'internal', 'scrap', 'adjustment', 'opening'];
const DEC_RE = /^-?\d{1,14}(\.\d{1,8})?$/;

export function stockError(label: Label, vars: Record<string, string | number>, locale: Locale, field = 'lines', status = 422): AppError {
  return new AppError(status, 'validation', label, { [field]: tr(label, locale, vars) }, vars);
}

export interface CleanLine {
  index: number; productId: number; quantity: string; uomId: number | null; fromLocationId: number; toLocationId: number;
  lotId: number | null; lotName: string | null; expiryDate: string | null; unitCost: string | null; notes: string | null;
}

const id = (x: unknown): number | null => (typeof x === 'number' && Number.isInteger(x) && x > 0 && x <= 2147483647 ? x : null);
const optId = (x: unknown): number | null | undefined => (x === null || x === undefined ? null : id(x) ?? undefined);
const text = (x: unknown, max: number): string | null => (typeof x === 'string' && x.trim() ? x.trim().slice(0, max) : null);

export function cleanLines(input: StockPostInput, locale: Locale): { date: string; lines: CleanLine[] } {
  const date = String(input?.date ?? '').slice(0, 10);
  if (dateProblem(date)) throw stockError(sm.dateRequired, {}, locale, 'date');
  if (!MOVE_TYPES.includes(input?.moveType)) throw stockError(sm.moveTypeInvalid, {}, locale, 'moveType');
  const raw = input?.lines as unknown;
  if (!Array.isArray(raw) || raw.length === 0) throw stockError(sm.noLines, {}, locale);
  if (raw.length > MAX_LINES) throw stockError(sm.tooManyLines, { max: MAX_LINES }, locale);
  const lines = raw.map((r: StockLineInput, i): CleanLine => {
    const line = i + 1;
    const bad = () => stockError(sm.lineInvalid, { line }, locale);
    if (!r || typeof r !== 'object') throw bad();
    const productId = id(r.productId);
    const fromLocationId = id(r.fromLocationId);
    const toLocationId = id(r.toLocationId);
    const uomId = optId(r.uomId);
    const lotId = optId(r.lotId);
    if (!productId || !fromLocationId || !toLocationId || uomId === undefined || lotId === undefined) throw bad();
    const qs = String(r.quantity ?? '').trim();
    if (!DEC_RE.test(qs) || !new Decimal(qs).gt(0)) throw stockError(sm.quantityPositive, { line }, locale, 'quantity');
    let unitCost: string | null = null;
    if (r.unitCost !== null && r.unitCost !== undefined && String(r.unitCost).trim() !== '') {
      const us = String(r.unitCost).trim();
      if (!DEC_RE.test(us) || new Decimal(us).isNeg()) throw stockError(sm.unitCostInvalid, { line }, locale, 'unitCost');
      unitCost = us;
    }
    if (fromLocationId === toLocationId) throw stockError(sm.sameLocation, { line }, locale);
    const expiry = text(r.expiryDate, 10);
    return {
      index: i, productId, quantity: new Decimal(qs).toFixed(), uomId, fromLocationId, toLocationId, lotId,
      lotName: lotId ? null : text(r.lotName, 80), expiryDate: expiry && !dateProblem(expiry) ? expiry : null,
      unitCost, notes: text(r.notes, 500),
    };
  });
  return { date, lines };
}
