/** PDF rendering moved to core (src/core/documents/pdf.ts); invoice printing still imports it from here. */
export { esc, htmlToPdf, page } from '../../../core/documents/pdf';
