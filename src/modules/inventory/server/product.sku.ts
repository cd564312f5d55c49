/**
 * SKU codes: the first three letters of the category, the initials of up to four words of the product name and a
 * four-digit sequence per stem, e.g. Electronics / "Wireless Mouse M2" -> ELE-WMM-0001. Letters of any script are
 * kept (an Arabic name gives Arabic initials); everything else separates words.
 */
const WORD = /[\p{L}\p{N}]+/gu;

export function skuStem(categoryName: string, productName: string): string | null {
  const cat = (categoryName.match(WORD) ?? []).join('').slice(0, 3).toUpperCase();
  const words = productName.match(WORD) ?? [];
  if (!words.length) return null;
  const initials = words.slice(0, 4).map((w) => [...w][0]!).join('').toUpperCase();
  return cat ? `${cat}-${initials}` : initials;
}

export function skuOf(stem: string, n: number): string {
  return `${stem}-${String(n).padStart(4, '0')}`;
}
