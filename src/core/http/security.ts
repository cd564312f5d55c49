import type { FastifyInstance } from 'fastify';
import { forbidden } from './errors';

/**
 * Refuses state-changing requests from other origins (Origin header, else Sec-Fetch-Site) and sets security
 * headers on every answer: a CSP without inline script, nosniff, no framing.
 */
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CSP = [
  "default-src 'self'", "script-src 'self'", "style-src 'self' 'unsafe-inline'", "img-src 'self' data: blob:",
  "font-src 'self' data:", "connect-src 'self'", "object-src 'none'", "base-uri 'self'", "frame-ancestors 'none'", "form-action 'self'",
].join('; ');

export function registerSecurity(app: FastifyInstance, opts: { exempt?: (url: string) => boolean } = {}): void {
  app.addHook('onRequest', async (req) => {
    if (SAFE.has(req.method) || opts.exempt?.(req.url)) return;
    const origin = req.headers.origin;
    if (origin !== undefined) {
      let host: string | null = null;
      try { host = new URL(origin).host; } catch { host = null; }
      if (!host || host !== req.headers.host) throw forbidden('badOrigin');
    } else if (req.headers['sec-fetch-site'] === 'cross-site') {
      throw forbidden('badOrigin');
    }
  });
  app.addHook('onSend', async (req, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'same-origin');
    reply.header('X-Frame-Options', 'DENY');
    if (!req.url.startsWith('/api/docs') && !reply.hasHeader('Content-Security-Policy')) reply.header('Content-Security-Policy', CSP);
  });
}
