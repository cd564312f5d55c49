import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';

/**
 * What a hand-written route tells the OpenAPI document, declared on the route itself so the document cannot
 * drift from the routes: `app.get(url, routeDoc('Trial balance', { query: {...} }), handler)`. Documentation only:
 * it sits in the route's `config`, so Fastify validates nothing from it (handlers keep validating with zod).
 */
export interface RouteDoc {
  summary: string;
  description?: string;
  /** Defaults to the module segment of the URL (`/api/<module>/...`). */
  tags?: string[];
  body?: z.ZodType;
  query?: Record<string, string>;
  /** Status -> description; defaults to 200 ok. */
  responses?: Record<number, string>;
  /** Public route: no session needed. */
  public?: boolean;
}

export interface DocumentedRoute { method: string; url: string; doc: RouteDoc }

export function routeDoc(summary: string, more: Omit<RouteDoc, 'summary'> = {}): { config: { doc: RouteDoc } } {
  return { config: { doc: { summary, ...more } } };
}

/** Collects every documented route as it is registered (call before registering routes). */
export function collectRouteDocs(app: FastifyInstance): DocumentedRoute[] {
  const routes: DocumentedRoute[] = [];
  app.addHook('onRoute', (r) => {
    const doc = (r.config as { doc?: RouteDoc } | undefined)?.doc;
    if (!doc) return;
    for (const method of [r.method].flat()) if (method !== 'HEAD') routes.push({ method: method.toLowerCase(), url: r.url, doc });
  });
  return routes;
}
