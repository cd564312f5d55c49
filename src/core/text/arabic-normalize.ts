/**
 * Arabic-aware search folding. The SQL function `ar_norm` (migrations 0000 and 0012) must fold exactly like
 * `normalizeSearch`; a test compares the two on the same inputs.
 * - alef forms أ إ آ ٱ -> ا, alef maqsura ى -> ي, ta marbuta ة -> ه, hamza on ya ئ -> ي and on waw ؤ -> و
 * - tashkeel (U+064B..U+0652, U+0670) and tatweel (U+0640) removed
 * - Arabic-Indic (U+0660..) and Persian (U+06F0..) digits -> ASCII
 * - lower case
 */
export const FOLD_FROM = 'أإآٱىةئؤ٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹';
export const FOLD_TO = 'اااايهيو01234567890123456789';
/** Characters deleted by folding (listed after FOLD_FROM in SQL's translate()). */
export const FOLD_DELETE = '\u0640\u064B\u064C\u064D\u064E\u064F\u0650\u0651\u0652\u0670';

const map = new Map<string, string>();
for (let i = 0; i < FOLD_FROM.length; i++) map.set(FOLD_FROM[i]!, FOLD_TO[i]!);
for (const ch of FOLD_DELETE) map.set(ch, '');

export function normalizeSearch(input: string): string {
  let out = '';
  for (const ch of input.toLowerCase()) out += map.get(ch) ?? ch;
  return out;
}
