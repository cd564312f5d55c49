import { PDFDocument } from 'pdf-lib';

/** Joins PDFs (the parts of a long report printed by Chromium) into one, pages in order, with pdf-lib. */
export async function mergePdfs(pdfs: Buffer[]): Promise<Buffer> {
  const out = await PDFDocument.create();
  for (const pdf of pdfs) {
    const part = await PDFDocument.load(pdf);
    for (const page of await out.copyPages(part, part.getPageIndices())) out.addPage(page);
  }
  return Buffer.from(await out.save());
}
