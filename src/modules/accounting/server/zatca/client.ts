import { tr } from '../../../../core/i18n/locale';
import { zm } from './messages';

/**
 * A client of the authority's e-invoicing API (Fatoora), V2. Each unit talks to its environment's base address
 * (or the unit's own override: a proxy, the tests' fake endpoint):
 *   POST /compliance               OTP header, { csr }                      -> compliance CSID (token, secret, requestID)
 *   POST /compliance/invoices      Basic token:secret, { invoiceHash, uuid, invoice }   compliance checks
 *   POST /production/csids         Basic (compliance CSID), { compliance_request_id }   -> production CSID
 *   POST /invoices/reporting/single  Basic (production CSID), Clearance-Status: 0, simplified invoices (within 24 h)
 *   POST /invoices/clearance/single  Basic (production CSID), Clearance-Status: 1, standard invoices (before sharing)
 * `invoice` is base64 of the signed XML's UTF-8 bytes (the stored text, as it is); `invoiceHash` the stored hash.
 * The CSID token is base64 of the certificate's base64 text: the certificate the XML carries is that text.
 * An answer is one of: accepted (reported or cleared, maybe with warnings), rejected (400: the document is wrong;
 * never sent again), or retry (no answer, timeout, 401/403, 429, 5xx: the same document is sent again later).
 */
export const ZATCA_BASE_URLS = {
  sandbox: 'https://gw-fatoora.zatca.gov.sa/e-invoicing/developer-portal',
  simulation: 'https://gw-fatoora.zatca.gov.sa/e-invoicing/simulation',
  production: 'https://gw-fatoora.zatca.gov.sa/e-invoicing/core',
} as const;
export type ZatcaEnvironment = keyof typeof ZATCA_BASE_URLS;

/** Per environment, ZATCA_BASE_URL_SANDBOX / _SIMULATION / _PRODUCTION override the address; a unit's own wins. */
export function baseUrlOf(unit: { environment: string; baseUrl?: string | null }): string {
  const env = (unit.environment in ZATCA_BASE_URLS ? unit.environment : 'sandbox') as ZatcaEnvironment;
  return (unit.baseUrl || process.env[`ZATCA_BASE_URL_${env.toUpperCase()}`] || ZATCA_BASE_URLS[env]).replace(/\/+$/, '');
}

export interface AuthorityMessage { type: 'error' | 'warning'; code: string; en: string; ar: string }
export type Outcome = 'reported' | 'cleared' | 'rejected' | 'retry';
export interface SubmitAnswer { outcome: Outcome; httpStatus: number | null; messages: AuthorityMessage[]; clearedXml?: string; error?: string }
export interface Csid { token: string; secret: string; requestId: string | null; certificate: string }

export const TIMEOUT_MS = Number(process.env.ZATCA_TIMEOUT_MS ?? 30_000);
const basic = (token: string, secret: string) => 'Basic ' + Buffer.from(`${token}:${secret}`).toString('base64');
const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

async function call(base: string, path: string, headers: Record<string, string>, body: unknown, timeoutMs = TIMEOUT_MS): Promise<{ status: number; json: Record<string, unknown> | null }> {
  const res = await fetch(base + path, {
    method: 'POST', signal: AbortSignal.timeout(timeoutMs),
    headers: { 'Accept': 'application/json', 'Accept-Language': 'en', 'Accept-Version': 'V2', 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  let json: Record<string, unknown> | null = null;
  try { json = text ? JSON.parse(text) as Record<string, unknown> : null; } catch { json = null; }
  return { status: res.status, json };
}

/** The authority's validation messages, each with our wording around it in both languages. */
export function messagesOf(json: Record<string, unknown> | null): AuthorityMessage[] {
  const v = (json?.validationResults ?? {}) as { errorMessages?: unknown[]; warningMessages?: unknown[] };
  const one = (type: 'error' | 'warning') => (m: unknown): AuthorityMessage => {
    const o = (m ?? {}) as { code?: unknown; message?: unknown };
    const vars = { code: String(o.code ?? ''), message: String(o.message ?? '') };
    const label = type === 'error' ? zm.authorityError : zm.authorityWarning;
    return { type, code: vars.code, en: tr(label, 'en', vars), ar: tr(label, 'ar', vars) };
  };
  const errors = (Array.isArray(v.errorMessages) ? v.errorMessages : []).map(one('error'));
  const top = Array.isArray(json?.errors) ? (json!.errors as unknown[]).map(one('error')) : [];
  return [...errors, ...top, ...(Array.isArray(v.warningMessages) ? v.warningMessages : []).map(one('warning'))];
}

export interface SubmitInput { hash: string; uuid: string; xml: string }

/** Reports (simplified) or clears (standard) one signed invoice. Never throws: a failure is an answer to retry. */
export async function submitInvoice(base: string, auth: { token: string; secret: string }, mode: 'reporting' | 'clearance', doc: SubmitInput, timeoutMs = TIMEOUT_MS): Promise<SubmitAnswer> {
  let r: Awaited<ReturnType<typeof call>>;
  try {
    r = await call(base, `/invoices/${mode}/single`, { 'Authorization': basic(auth.token, auth.secret), 'Clearance-Status': mode === 'clearance' ? '1' : '0' },
      { invoiceHash: doc.hash, uuid: doc.uuid, invoice: b64(doc.xml) }, timeoutMs);
  } catch (e) {
    return { outcome: 'retry', httpStatus: null, messages: [], error: (e as Error).name === 'TimeoutError' ? 'timeout' : String((e as Error).message).slice(0, 500) };
  }
  const messages = messagesOf(r.json);
  if (r.status === 200 || r.status === 202) {
    const st = String(mode === 'clearance' ? r.json?.clearanceStatus : r.json?.reportingStatus);
    if (st === 'CLEARED' || st === 'REPORTED') {
      const cleared = typeof r.json?.clearedInvoice === 'string' ? Buffer.from(r.json.clearedInvoice, 'base64').toString('utf8') : undefined;
      return { outcome: mode === 'clearance' ? 'cleared' : 'reported', httpStatus: r.status, messages, ...(cleared ? { clearedXml: cleared } : {}) };
    }
    return { outcome: 'rejected', httpStatus: r.status, messages };
  }
  if (r.status === 400) return { outcome: 'rejected', httpStatus: r.status, messages };
  return { outcome: 'retry', httpStatus: r.status, messages, error: `HTTP ${r.status}` };
}

function csidOf(r: { status: number; json: Record<string, unknown> | null }): Csid {
  const token = r.json?.binarySecurityToken;
  const secret = r.json?.secret;
  if ((r.status !== 200 && r.status !== 202) || typeof token !== 'string' || typeof secret !== 'string') {
    const detail = messagesOf(r.json).map((m) => m.code).filter(Boolean).join(', ') || String(r.json?.dispositionMessage ?? `HTTP ${r.status}`);
    throw new OnboardingRefused(detail);
  }
  return { token, secret, requestId: r.json?.requestID === undefined ? null : String(r.json.requestID), certificate: Buffer.from(token, 'base64').toString('utf8') };
}
export class OnboardingRefused extends Error {}

/** Step 1: the compliance CSID for the unit's CSR, with the OTP from the Fatoora portal. */
export async function complianceCsid(base: string, otp: string, csrPem: string): Promise<Csid> {
  return csidOf(await call(base, '/compliance', { OTP: otp }, { csr: b64(csrPem) }));
}
/** Step 2: a compliance check of one signed sample document (the authority asks one of each kind the unit issues). */
export async function complianceCheck(base: string, auth: { token: string; secret: string }, doc: SubmitInput): Promise<SubmitAnswer> {
  const r = await call(base, '/compliance/invoices', { Authorization: basic(auth.token, auth.secret) }, { invoiceHash: doc.hash, uuid: doc.uuid, invoice: b64(doc.xml) });
  const ok = r.status === 200 || r.status === 202;
  return { outcome: ok ? 'reported' : r.status === 400 ? 'rejected' : 'retry', httpStatus: r.status, messages: messagesOf(r.json) };
}
/** Step 3: the production CSID, with the compliance CSID's credentials and request id. */
export async function productionCsid(base: string, auth: { token: string; secret: string }, requestId: string): Promise<Csid> {
  return csidOf(await call(base, '/production/csids', { Authorization: basic(auth.token, auth.secret) }, { compliance_request_id: requestId }));
}
