import { toScaled } from '../../../web/entity/decimalMath';
import { isQuantity, leftToReceive, qty } from './lineMath';

/**
 * The body of a receipt's receivePartial from what the user typed per line: only lines with a quantity, at most
 * what is left on each (the server checks again, in its transaction). The first problem found is reported by line.
 */
export interface PartInput { quantity: string; lotName: string; expiryDate: string }
export interface PartToSend { index: number; quantity: string; lotName?: string; expiryDate?: string }
export type PartProblem = { kind: 'badQuantity'; line: number } | { kind: 'tooMuch'; line: number; left: string } | { kind: 'nothing' };

type Item = Record<string, unknown>;

export function checkParts(items: Item[], parts: PartInput[]): PartProblem | null {
  let any = false;
  for (const [i, p] of parts.entries()) {
    const q = p.quantity.trim();
    if (q === '') continue;
    if (!isQuantity(q)) return { kind: 'badQuantity', line: i + 1 };
    const item = items[i];
    const left = item ? leftToReceive(item.quantity, item.receivedQuantity) : 0n;
    if (toScaled(q) > left) return { kind: 'tooMuch', line: i + 1, left: qty(left) };
    if (toScaled(q) > 0n) any = true;
  }
  return any ? null : { kind: 'nothing' };
}

export function partsToSend(parts: PartInput[]): PartToSend[] {
  return parts.flatMap((p, index) => {
    const quantity = p.quantity.trim();
    if (quantity === '' || toScaled(quantity) === 0n) return [];
    const lotName = p.lotName.trim();
    return [{ index, quantity, ...(lotName ? { lotName } : {}), ...(p.expiryDate ? { expiryDate: p.expiryDate } : {}) }];
  });
}
