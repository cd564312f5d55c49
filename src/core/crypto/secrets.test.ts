import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkSecretsKey, isSealed, openSecret, sealSecret, secretsKey, SecretsKeyInvalid, SecretUnreadable } from './secrets';

/** AES-256-GCM sealing (secrets.ts): the format, the purpose bound, the key's id, and what each missing or wrong key gives. */
const hex = randomBytes(32).toString('hex');
const b64 = randomBytes(32).toString('base64');
const PEM = '-----BEGIN PRIVATE KEY-----\nMIGEAgEAMBAGByqGSM49AgEGBSuBBAAKBG0wawIBAQQg\n-----END PRIVATE KEY-----\n';
const problem = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    if (e instanceof SecretUnreadable) return e.problem;
    throw e;
  }
  return 'none';
};

describe('sealed secrets', () => {
  it('round-trips under a hex or base64 key, never showing the value, a fresh IV each time', () => {
    for (const key of [hex, b64]) {
      const env = { SECRETS_KEY: key, NODE_ENV: 'production' };
      const a = sealSecret(PEM, 'zatca_units.private_key', env);
      const b = sealSecret(PEM, 'zatca_units.private_key', env);
      expect(isSealed(a)).toBe(true);
      expect(a).not.toContain('PRIVATE');
      expect(a).not.toContain('MIGEAgEAMBAGByqGSM49');
      expect(a).not.toBe(b);
      expect(a.split(':')[2]).toBe(secretsKey(env)!.id);
      expect(openSecret(a, 'zatca_units.private_key', env)).toBe(PEM);
    }
  });

  it('another purpose, another key, a damaged value or no key do not open, each named', () => {
    const env = { SECRETS_KEY: hex, NODE_ENV: 'production' };
    const s = sealSecret('s3cret', 'zatca_units.secret', env);
    expect(problem(() => openSecret(s, 'zatca_units.private_key', env))).toBe('corrupt');
    expect(problem(() => openSecret(s, 'zatca_units.secret', { SECRETS_KEY: b64, NODE_ENV: 'production' }))).toBe('otherKey');
    expect(problem(() => openSecret(s, 'zatca_units.secret', { NODE_ENV: 'production' }))).toBe('noKey');
    expect(problem(() => openSecret(s, 'zatca_units.secret', {}))).toBe('otherKey'); // the development key is another key
    const parts = s.split(':');
    parts[5] = Buffer.from('x' + Buffer.from(parts[5]!, 'base64url').toString('latin1'), 'latin1').toString('base64url');
    expect(problem(() => openSecret(parts.join(':'), 'zatca_units.secret', env))).toBe('corrupt');
    expect(problem(() => openSecret('sealed:v1:abc', 'zatca_units.secret', env))).toBe('corrupt');
    expect(problem(() => sealSecret('x', 'p', { NODE_ENV: 'production' }))).toBe('noKey');
  });

  it('a value stored before encryption is read as it is', () => {
    expect(openSecret(PEM, 'zatca_units.private_key', { NODE_ENV: 'production' })).toBe(PEM);
  });

  it('outside production a development key; in production none; a malformed key refuses to start', () => {
    expect(secretsKey({})!.development).toBe(true);
    expect(openSecret(sealSecret('v', 'p', { NODE_ENV: 'test' }), 'p', {})).toBe('v');
    expect(secretsKey({ NODE_ENV: 'production' })).toBeNull();
    expect(checkSecretsKey({ NODE_ENV: 'production' })).toContain('cannot be onboarded');
    expect(checkSecretsKey({})).toContain('development key');
    expect(checkSecretsKey({ SECRETS_KEY: hex, NODE_ENV: 'production' })).toBeNull();
    for (const bad of ['short', hex.slice(2), randomBytes(16).toString('base64'), 'z'.repeat(64)])
      expect(() => secretsKey({ SECRETS_KEY: bad })).toThrow(SecretsKeyInvalid);
  });
});
