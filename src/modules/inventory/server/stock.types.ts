import type { PostedEntry } from '../../accounting';

/**
 * The public shapes of the stock ledger entry (postStock in stock.post.ts). Documents of this module and of
 * sales, POS, purchases and manufacturing build a StockPostInput and get the moves, their value and the
 * journal entry back. Quantities and money are decimal strings.
 */
export type CounterKind = 'stockInput' | 'cogs' | 'loss' | 'gain' | 'opening' | { accountId: number };

export type StockMoveType = 'incoming' | 'outgoing' | 'internal' | 'scrap' | 'adjustment' | 'opening';

export interface StockLineInput {
  productId: number;
  /** > 0, in uomId units (the product's unit when uomId is null). */
  quantity: string;
  /** Must belong to the product unit's UOM group; converted to the product unit (6 dp, half-even). */
  uomId?: number | null;
  fromLocationId: number;
  toLocationId: number;
  /** An existing lot (outgoing/internal moves, and specific costing). */
  lotId?: number | null;
  /** Incoming: finds or creates the lot (stock_lots) with expiryDate. */
  lotName?: string | null;
  expiryDate?: string | null;
  /** Incoming only: cost per document unit (default: the product's cost). */
  unitCost?: string | null;
  notes?: string | null;
}

export interface StockPostInput {
  date: string;
  reference: string;
  moveType: StockMoveType;
  source: { type: string; id: number };
  lines: StockLineInput[];
  /** Account of the other side of the valuation entry (defaults by move type, see README). */
  counter?: { in?: CounterKind; out?: CounterKind };
  /** Override of the inventory account (inventory beginning balance document). */
  inventoryAccountId?: number | null;
  /** Default: the inventory settings journal. */
  journalId?: number | null;
  /** Partner on the entry lines. */
  contactId?: number | null;
}

export interface StockMoveResult {
  id: number; productId: number; lotId: number | null; fromLocationId: number; toLocationId: number;
  quantity: string; unitCost: string; value: string;
}

export interface StockPostResult { moves: StockMoveResult[]; totalValue: string; entry: PostedEntry | null }
