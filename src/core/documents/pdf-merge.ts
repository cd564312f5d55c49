/**
 * Joins PDFs printed by Chromium (Skia) into one: objects of each file are renumbered past the previous files',
 * their pages are listed in order under one new page tree, and a new catalog and cross-reference table are written.
 * Written for Skia's output (classic xref table, no object streams, stream lengths given directly, no
 * outline/links/structure tree): anything else is refused rather than joined wrongly.
 */
const STREAM = />>\s*stream\r?\n/g;

interface Parsed { objects: Map<number, Buffer>; pages: number[]; max: number }

function parse(pdf: Buffer): Parsed {
  const text = pdf.toString('latin1');
  const objects = new Map<number, Buffer>();
  let max = 0;
  let catalog = 0;
  const re = /(?:^|[\r\n])(\d+) 0 obj\s*/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const num = Number(m[1]);
    const bodyStart = m.index + m[0].length;
    // A stream's data may contain anything: skip it by its /Length (always a direct number in Skia's output).
    const endobj = text.indexOf('endobj', bodyStart);
    STREAM.lastIndex = bodyStart;
    const sm = STREAM.exec(text);
    const dictEnd = sm ? sm.index + sm[0].indexOf('stream') : -1;
    let end = endobj;
    if (dictEnd !== -1 && dictEnd < endobj) {
      const len = /\/Length (\d+)/.exec(text.slice(bodyStart, dictEnd));
      if (!len) throw new Error('pdf-merge: stream without a direct /Length');
      const dataStart = dictEnd + 6 + (text[dictEnd + 6] === '\r' ? 2 : 1);
      end = text.indexOf('endobj', dataStart + Number(len[1]));
    }
    if (end === -1) throw new Error('pdf-merge: unterminated object');
    const body = pdf.subarray(bodyStart, end);
    objects.set(num, body);
    max = Math.max(max, num);
    const head = text.slice(bodyStart, Math.min(end, dictEnd === -1 ? end : dictEnd));
    if (/\/Type \/Catalog/.test(head)) catalog = num;
    if (/\/(ObjStm|StructTreeRoot|Outlines|Annots)\b/.test(head)) throw new Error('pdf-merge: unsupported PDF feature');
    re.lastIndex = end + 6;
  }
  if (!catalog) throw new Error('pdf-merge: no catalog');
  const pagesRef = /\/Pages (\d+) 0 R/.exec(objects.get(catalog)!.toString('latin1'));
  const pages: number[] = [];
  const walk = (n: number) => {
    const d = objects.get(n)!.toString('latin1');
    if (/\/Type \/Page\b/.test(d)) { pages.push(n); return; }
    const kids = /\/Kids \[([^\]]*)\]/.exec(d);
    for (const k of kids ? kids[1]!.matchAll(/(\d+) 0 R/g) : []) walk(Number(k[1]));
  };
  walk(Number(pagesRef![1]));
  return { objects, pages, max };
}

/** Renumbers the references of one object's dictionary part (never its stream data). */
function renumber(body: Buffer, offset: number, parent: number | null): Buffer {
  const text = body.toString('latin1');
  const m = />>\s*stream\r?\n/.exec(text);
  const s = m ? m.index + m[0].indexOf('stream') : -1;
  const dict = s === -1 ? text : text.slice(0, s);
  let out = dict.replace(/(\d+) 0 R\b/g, (_, n) => `${Number(n) + offset} 0 R`);
  if (parent !== null) out = out.replace(/\/Parent \d+ 0 R/, `/Parent ${parent} 0 R`);
  return s === -1 ? Buffer.from(out, 'latin1') : Buffer.concat([Buffer.from(out, 'latin1'), body.subarray(s)]);
}

export function mergePdfs(pdfs: Buffer[]): Buffer {
  const parsed = pdfs.map(parse);
  const total = parsed.reduce((s, p) => s + p.max, 0);
  const pagesObj = total + 1;
  const catalogObj = total + 2;
  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n%\xd3\xeb\xe9\xe1\n', 'latin1')];
  const offsets = new Array<number>(catalogObj + 1).fill(0);
  let pos = chunks[0]!.length;
  const write = (num: number, body: Buffer | string) => {
    offsets[num] = pos;
    const b = Buffer.concat([Buffer.from(`${num} 0 obj\n`), typeof body === 'string' ? Buffer.from(body, 'latin1') : body, Buffer.from('\nendobj\n')]);
    chunks.push(b);
    pos += b.length;
  };
  const kids: string[] = [];
  let offset = 0;
  for (const p of parsed) {
    const pageSet = new Set(p.pages);
    for (const [num, body] of p.objects) {
      const d = body.subarray(0, 200).toString('latin1');
      if (/\/Type \/(Catalog|Pages)\b/.test(d)) continue; // replaced by the new tree
      write(num + offset, renumber(body, offset, pageSet.has(num) ? pagesObj : null));
    }
    kids.push(...p.pages.map((n) => `${n + offset} 0 R`));
    offset += p.max;
  }
  write(pagesObj, `<</Type /Pages\n/Count ${kids.length}\n/Kids [${kids.join(' ')}]>>`);
  write(catalogObj, `<</Type /Catalog\n/Pages ${pagesObj} 0 R>>`);
  const xref = [`xref\n0 ${catalogObj + 1}\n`, '0000000000 65535 f \n'];
  for (let i = 1; i <= catalogObj; i++) xref.push(offsets[i] ? `${String(offsets[i]).padStart(10, '0')} 00000 n \n` : '0000000000 65535 f \n');
  const info = parsed[0]!.objects.has(1) && /\/Producer/.test(parsed[0]!.objects.get(1)!.toString('latin1')) ? '\n/Info 1 0 R' : '';
  chunks.push(Buffer.from(`${xref.join('')}trailer\n<</Size ${catalogObj + 1}\n/Root ${catalogObj} 0 R${info}>>\nstartxref\n${pos}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(chunks);
}
