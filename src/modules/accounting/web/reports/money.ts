/** Money in reports: two decimals at least, grouped (see src/web/entity/formatDecimal.ts). */
export { formatDecimal as formatMoney } from '../../../../web/entity/formatDecimal';
