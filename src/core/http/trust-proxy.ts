import { isIP } from 'node:net';

/**
 * Which proxies' `X-Forwarded-*` headers the server believes (TRUST_PROXY), as a list for Fastify's `trustProxy`.
 * Never every hop: the client writes the left of `X-Forwarded-For` itself, and the address the sign-in and sign-up
 * limits count (core/auth/throttle.ts) would be whatever it sent. The address used is the nearest one, read from the
 * right, that is not a trusted proxy: the one the outermost proxy saw.
 * - unset or empty: no proxy (the peer is the client; cookies are Secure only over the server's own TLS);
 * - `1`: a proxy or load balancer on this machine or a private network: loopback, link-local and private ranges
 *   (10/8, 172.16/12, 192.168/16, fc00::/7) are proxies;
 * - a comma list of addresses, CIDR ranges or those range names (`203.0.113.7,10.0.0.0/8`, `loopback`): exactly those.
 * A hop count is not offered: it trusts whatever peer connects (Fastify 5 now refuses it). Anything else stops the
 * start with a message naming the variable.
 */
export type TrustProxy = false | string[];

const PRIVATE = ['loopback', 'linklocal', 'uniquelocal'];

export function trustProxyOf(raw: string | undefined): TrustProxy {
  const v = raw?.trim() ?? '';
  if (!v) return false;
  if (v === '1') return PRIVATE;
  const list = v.split(',').map((s) => s.trim()).filter(Boolean);
  const valid = (s: string) => {
    if (PRIVATE.includes(s)) return true;
    const [addr, bits, extra] = s.split('/');
    if (extra !== undefined || !addr || !isIP(addr)) return false;
    return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (isIP(addr) === 4 ? 32 : 128));
  };
  if (list.length && list.every(valid)) return list;
  throw new Error(`TRUST_PROXY must be 1 (a proxy on this machine or a private network) or a comma list of the proxies' addresses or CIDR ranges, not "${v}"`);
}
