import { execFile } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * A unit's key and certificate signing request for onboarding. The key is made with node:crypto (secp256k1);
 * node:crypto cannot write a CSR, so the CSR is made by the `openssl` command (Debian's OpenSSL 3, already on every
 * host the PDFs' Chromium runs on) from a config written to a private temporary folder and removed after: the
 * fields and extensions the authority's SDK asks for (csr-config-example-EN.properties), i.e. the subject
 * C/OU/O/CN, the certificate template name (1.3.6.1.4.1.311.20.2: TSTZATCA- / PREZATCA- / ZATCA-Code-Signing by
 * environment) and the subjectAltName directory name: SN (1-solution|2-model|3-serial), UID (the VAT number),
 * title (the invoice types the unit issues: 1100 standard and simplified), registeredAddress, businessCategory.
 */
export interface CsrFields {
  environment: 'sandbox' | 'simulation' | 'production';
  /** CN: the unit's common name, e.g. "Daftar-<company>-<unit>". */
  commonName: string;
  /** "1-<solution name>|2-<model or version>|3-<unit serial>". */
  serialNumber: string;
  vatNumber: string;
  organizationName: string;
  /** OU: the branch; for a VAT group, the member's TIN. */
  organizationUnit: string;
  /** Four flags: standard, simplified, (future), (future). */
  invoiceType?: string;
  location: string;
  industry: string;
}

const TEMPLATE = { sandbox: 'TSTZATCA-Code-Signing', simulation: 'PREZATCA-Code-Signing', production: 'ZATCA-Code-Signing' } as const;
/** A config value: one line, no characters OpenSSL's config syntax reads as its own. */
const val = (s: string) => s.replace(/[\r\n"$\\]/g, ' ').trim().slice(0, 200) || '-';

export function csrConfig(f: CsrFields): string {
  return `oid_section = OIDs
[OIDs]
certificateTemplateName = 1.3.6.1.4.1.311.20.2
[req]
prompt = no
utf8 = yes
string_mask = utf8only
default_md = sha256
distinguished_name = dn
req_extensions = v3_req
[dn]
C = SA
OU = ${val(f.organizationUnit)}
O = ${val(f.organizationName)}
CN = ${val(f.commonName)}
[v3_req]
basicConstraints = CA:FALSE
keyUsage = digitalSignature, nonRepudiation, keyEncipherment
certificateTemplateName = ASN1:PRINTABLESTRING:${TEMPLATE[f.environment]}
subjectAltName = dirName:alt_names
[alt_names]
SN = ${val(f.serialNumber)}
UID = ${val(f.vatNumber)}
title = ${val(f.invoiceType ?? '1100')}
registeredAddress = ${val(f.location)}
businessCategory = ${val(f.industry)}
`;
}

export function newUnitKey(): string {
  return generateKeyPairSync('ec', { namedCurve: 'secp256k1' }).privateKey.export({ format: 'pem', type: 'pkcs8' }) as string;
}

/** The CSR (PEM) for the key (PEM) and fields, by `openssl req -new`. */
export async function makeCsr(privateKeyPem: string, f: CsrFields): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'zatca-csr-'));
  try {
    await writeFile(join(dir, 'key.pem'), privateKeyPem, { mode: 0o600 });
    await writeFile(join(dir, 'csr.cnf'), csrConfig(f));
    await promisify(execFile)('openssl', ['req', '-new', '-sha256', '-key', join(dir, 'key.pem'), '-config', join(dir, 'csr.cnf'), '-out', join(dir, 'csr.pem')], { timeout: 10_000 });
    return await readFile(join(dir, 'csr.pem'), 'utf8');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
