import { sql } from 'drizzle-orm';
import { isSealed, openSecret, sealSecret, secretsKey, SecretUnreadable } from '../../../../core/crypto/secrets';
import type { Database } from '../../../../core/db/connect';
import { withTx } from '../../../../core/db/tx';
import { AppError } from '../../../../core/http/errors';
import { zm } from './messages';

/**
 * A unit's private key and API secret at rest: sealed by core/crypto/secrets.ts (AES-256-GCM, SECRETS_KEY), each
 * with its column as purpose. INVARIANT: written only sealed (onboarding); read only through `unitKey` /
 * `unitSecret`; a row stored before encryption (plain PEM and secret) is still read as it is and sealed in place by
 * `sealPlaintextUnits` (the `accounting.zatca` job, every minute, once a key is there). Never answered by a route.
 */
export const KEY_PURPOSE = 'zatca_units.private_key';
export const SECRET_PURPOSE = 'zatca_units.secret';

export const sealUnitKey = (pem: string) => sealSecret(pem, KEY_PURPOSE);
export const sealUnitSecret = (secret: string) => sealSecret(secret, SECRET_PURPOSE);

/** 503 in both languages: the server's SECRETS_KEY cannot open the unit's key (missing, another key, damaged). */
export function unreadable(e: SecretUnreadable): AppError {
  const label = e.problem === 'noKey' ? zm.secretsKeyMissing : e.problem === 'otherKey' ? zm.secretsKeyOther : zm.secretsKeyDamaged;
  return new AppError(503, 'secrets_key', label, undefined, { keyId: e.keyId ?? '' });
}

function opened(stored: string, purpose: string): string {
  try {
    return openSecret(stored, purpose);
  } catch (e) {
    if (e instanceof SecretUnreadable) throw unreadable(e);
    throw e;
  }
}
export const unitKey = (stored: string) => opened(stored, KEY_PURPOSE);
export const unitSecret = (stored: string | null) => (stored === null ? '' : opened(stored, SECRET_PURPOSE));

/** Seals the units' keys and secrets still stored in clear (rows from before encryption); answers how many rows. */
export async function sealPlaintextUnits(db: Database): Promise<number> {
  if (!secretsKey()) return 0;
  return withTx(db, async (tx) => {
    const rows = (await tx.execute(sql`
      SELECT id, private_key AS "privateKey", secret FROM zatca_units
      WHERE private_key NOT LIKE 'sealed:%' OR secret NOT LIKE 'sealed:%' ORDER BY id FOR UPDATE`)).rows as { id: number; privateKey: string; secret: string | null }[];
    for (const r of rows) {
      const key = isSealed(r.privateKey) ? r.privateKey : sealUnitKey(r.privateKey);
      const secret = r.secret === null || isSealed(r.secret) ? r.secret : sealUnitSecret(r.secret);
      await tx.execute(sql`UPDATE zatca_units SET private_key = ${key}, secret = ${secret}, updated_at = now() WHERE id = ${r.id}`);
    }
    return rows.length;
  });
}
