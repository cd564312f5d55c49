import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { invoiceHash } from './hash';

/**
 * For the tests: a fake of the authority's API on node:http. Every request is checked for the shape the real one
 * asks (path, headers, JSON body; the invoice base64 of an XML whose hash is the invoiceHash sent), recorded, and
 * answered as the test says: ok, a server error, a rejection, or no answer at all (a timeout).
 */
export type Mode = 'ok' | 'fail' | 'reject' | 'hang';
export interface Seen { path: string; headers: IncomingMessage['headers']; body: Record<string, any>; xml?: string; problems: string[] }

export interface FakeAuthority {
  url: string; seen: Seen[]; mode: Mode; certificate: string;
  close(): Promise<void>;
}

const read = (req: IncomingMessage) => new Promise<string>((res) => { let s = ''; req.on('data', (c) => { s += c; }); req.on('end', () => res(s)); });

export async function fakeAuthority(certificate: string): Promise<FakeAuthority> {
  const hanging = new Set<import('node:http').ServerResponse>();
  const f: FakeAuthority = {
    url: '', seen: [], mode: 'ok', certificate,
    close: () => new Promise<void>((r) => { for (const h of hanging) h.destroy(); server.closeAllConnections(); server.close(() => r()); }),
  };
  const token = Buffer.from(certificate).toString('base64');
  const server: Server = createServer(async (req, res) => {
    const text = await read(req);
    const problems: string[] = [];
    let body: Record<string, any> = {};
    try { body = JSON.parse(text); } catch { problems.push('body is not JSON'); }
    const h = req.headers;
    if (req.method !== 'POST') problems.push('method');
    if (h['accept-version'] !== 'V2') problems.push('Accept-Version');
    if (!String(h['content-type']).startsWith('application/json')) problems.push('Content-Type');
    const path = req.url ?? '';
    const seen: Seen = { path, headers: h, body, problems };
    if (path === '/compliance') {
      if (!/^\d{6}$/.test(String(h.otp))) problems.push('OTP');
      if (!Buffer.from(String(body.csr ?? ''), 'base64').toString().startsWith('-----BEGIN CERTIFICATE REQUEST-----')) problems.push('csr');
    } else {
      const auth = String(h.authorization ?? '');
      if (!auth.startsWith('Basic ') || !Buffer.from(auth.slice(6), 'base64').toString().includes(':')) problems.push('Authorization');
    }
    if (path.startsWith('/invoices/') || path === '/compliance/invoices') {
      if (!/^[0-9a-f-]{36}$/.test(String(body.uuid))) problems.push('uuid');
      const xml = Buffer.from(String(body.invoice ?? ''), 'base64').toString('utf8');
      seen.xml = xml;
      try { if (invoiceHash(xml) !== body.invoiceHash) problems.push('invoiceHash'); } catch { problems.push('invoice is not XML'); }
      if (!xml.includes(`<cbc:UUID>${body.uuid}</cbc:UUID>`)) problems.push('uuid not in invoice');
      if (path === '/invoices/clearance/single' && h['clearance-status'] !== '1') problems.push('Clearance-Status');
      if (path === '/invoices/reporting/single' && h['clearance-status'] !== '0') problems.push('Clearance-Status');
    }
    f.seen.push(seen);
    const send = (status: number, json: unknown) => { res.writeHead(status, { 'content-type': 'application/json' }); res.end(JSON.stringify(json)); };
    if (f.mode === 'hang') { hanging.add(res); return; }
    if (f.mode === 'fail') return send(500, { message: 'Something went wrong' });
    if (problems.length) return send(400, { validationResults: { status: 'ERROR', errorMessages: problems.map((p) => ({ type: 'ERROR', code: 'shape', message: p })) } });
    const warn = { type: 'WARNING', code: 'BR-KSA-08', message: 'Seller address: additional number should be 4 digits', status: 'WARNING' };
    if (f.mode === 'reject') return send(400, { validationResults: { status: 'ERROR', errorMessages: [{ type: 'ERROR', code: 'BR-KSA-37', message: 'The seller address building number must contain 4 digits.', status: 'ERROR' }], warningMessages: [] } });
    if (path === '/compliance' || path === '/production/csids') return send(200, { requestID: 1234567890123, dispositionMessage: 'ISSUED', binarySecurityToken: token, secret: 'fake-secret' });
    if (path === '/compliance/invoices') return send(200, { validationResults: { status: 'PASS', warningMessages: [], errorMessages: [] }, reportingStatus: 'REPORTED' });
    if (path === '/invoices/reporting/single') return send(202, { validationResults: { status: 'WARNING', warningMessages: [warn], errorMessages: [] }, reportingStatus: 'REPORTED' });
    if (path === '/invoices/clearance/single') return send(200, { validationResults: { status: 'PASS', warningMessages: [], errorMessages: [] }, clearanceStatus: 'CLEARED', clearedInvoice: Buffer.from(seen.xml!.replace('</Invoice>', '<!-- cleared --></Invoice>')).toString('base64') });
    send(404, {});
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  f.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return f;
}
