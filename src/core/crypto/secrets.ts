import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (a ZATCA unit's private key and API secret; anything a module must store but never show).
 * INVARIANT: a value sealed here is `sealed:v1:<key id>:<iv>:<tag>:<ciphertext>` (base64url parts): AES-256-GCM
 * through node:crypto, a fresh 12-byte IV per value, the value's PURPOSE (e.g. `zatca_units.private_key`) as
 * additional data, so a sealed value moved to another column does not open. The key id is the first 8 hex digits of
 * SHA-256 of the key: a value sealed under another key is named as such, never decrypted into garbage.
 *
 * The key, `SECRETS_KEY`: 32 bytes, written as 64 hex digits or base64 (`openssl rand -base64 32`).
 * - set but malformed: `checkSecretsKey` throws, and the server refuses to start (a typo must not seal with
 *   something else);
 * - unset outside production (NODE_ENV != 'production': `npm run dev`, the tests): a DEVELOPMENT key derived from a
 *   public constant, so development works with no setting; values sealed with it do not open under a real key
 *   (its key id differs) and the server warns at start;
 * - unset in production (`npm start` sets NODE_ENV=production): nothing can be sealed or opened; the server still
 *   starts (a company without e-invoicing needs no key), says so at start, and what needs a secret refuses clearly.
 * Values stored before encryption (plain text, not starting with `sealed:`) are still read as they are
 * (`openSecret`), and sealed in place by their owner once a key is there (zatca/secrets.ts).
 */
export const SEALED_PREFIX = 'sealed:v1:';
const DEV_KEY = createHash('sha256').update('daftar development secrets key: not for production').digest();

export type SecretProblem = 'noKey' | 'otherKey' | 'corrupt';
export class SecretUnreadable extends Error {
  constructor(readonly problem: SecretProblem, readonly keyId: string | null = null) {
    super(problem === 'noKey' ? 'SECRETS_KEY is not set' : problem === 'otherKey' ? `sealed with another SECRETS_KEY (key id ${keyId})` : 'the sealed value is damaged or the key is wrong');
  }
}
export class SecretsKeyInvalid extends Error {}

export interface SecretsKey { key: Buffer; id: string; development: boolean }
type Env = Record<string, string | undefined>;

const idOf = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 8);
let cached: { raw: string | undefined; prod: boolean; key: SecretsKey | null } | null = null;

/** The key the environment gives (null: production without SECRETS_KEY); throws SecretsKeyInvalid when malformed. */
export function secretsKey(env: Env = process.env): SecretsKey | null {
  const raw = env.SECRETS_KEY?.trim() || undefined;
  const prod = env.NODE_ENV === 'production';
  if (cached && cached.raw === raw && cached.prod === prod) return cached.key;
  let key: SecretsKey | null;
  if (!raw) key = prod ? null : { key: DEV_KEY, id: idOf(DEV_KEY), development: true };
  else {
    const bytes = /^[0-9a-f]{64}$/i.test(raw) ? Buffer.from(raw, 'hex') : /^[A-Za-z0-9+/_-]{43}=?$/.test(raw) ? Buffer.from(raw, 'base64') : null;
    if (!bytes || bytes.length !== 32) throw new SecretsKeyInvalid('SECRETS_KEY must be 32 bytes written as 64 hex digits or base64 (make one with: openssl rand -base64 32)');
    key = { key: bytes, id: idOf(bytes), development: false };
  }
  cached = { raw, prod, key };
  return key;
}

/** At start: throws when SECRETS_KEY is malformed; else the warning to print, if any. */
export function checkSecretsKey(env: Env = process.env): string | null {
  const k = secretsKey(env);
  if (!k) return 'SECRETS_KEY is not set: e-invoicing units cannot be onboarded and sealed secrets cannot be opened (set 32 random bytes: openssl rand -base64 32).';
  if (k.development) return 'SECRETS_KEY is not set: secrets are sealed with the development key (set SECRETS_KEY in production).';
  return null;
}

export const isSealed = (v: string | null | undefined): boolean => typeof v === 'string' && v.startsWith(SEALED_PREFIX);

/** Seals `plain` for `purpose`; throws SecretUnreadable('noKey') when there is no key. */
export function sealSecret(plain: string, purpose: string, env: Env = process.env): string {
  const k = secretsKey(env);
  if (!k) throw new SecretUnreadable('noKey');
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', k.key, iv);
  c.setAAD(Buffer.from(purpose, 'utf8'));
  const ct = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return SEALED_PREFIX + [k.id, iv.toString('base64url'), c.getAuthTag().toString('base64url'), ct.toString('base64url')].join(':');
}

/** The plain value: a sealed one opened, a value stored before encryption as it is; SecretUnreadable otherwise. */
export function openSecret(stored: string, purpose: string, env: Env = process.env): string {
  if (!isSealed(stored)) return stored;
  const parts = stored.slice(SEALED_PREFIX.length).split(':');
  if (parts.length !== 4) throw new SecretUnreadable('corrupt');
  const [id, iv, tag, ct] = parts as [string, string, string, string];
  const k = secretsKey(env);
  if (!k) throw new SecretUnreadable('noKey', id);
  if (k.id !== id) throw new SecretUnreadable('otherKey', id);
  try {
    const d = createDecipheriv('aes-256-gcm', k.key, Buffer.from(iv, 'base64url'));
    d.setAAD(Buffer.from(purpose, 'utf8'));
    d.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([d.update(Buffer.from(ct, 'base64url')), d.final()]).toString('utf8');
  } catch {
    throw new SecretUnreadable('corrupt', id);
  }
}
