import type { APIRequestContext } from 'playwright-core';
import { isSingleton } from '../../../src/core/entity/define';
import { entityBasePath } from '../../../src/core/http/crud.routes';
import { entityByName, modules } from '../../../src/modules/registry';
import { routesOf, summarize } from '../../../src/web/appMap';
import { webScreens } from '../../../src/web/moduleWeb';
import { HOME_ROUTE, shellRoutes } from '../../../src/web/shellRoutes';

/**
 * The routes the browser guard walks: the router's own list (shellRoutes over the registry's app map and the
 * modules' web screens, what routes.tsx builds its tree from), with each `{param}` filled with a record that
 * exists in the demo data, looked up through the API as the signed-in admin.
 */
export interface GuardRoute {
  /** The registry pattern, e.g. /inventory/transactions/receipt/{id}. */
  pattern: string;
  /** The path opened (params filled), without the /ar prefix. */
  path: string;
  /** Permission the route needs (undefined: any signed-in user may open it). */
  permission?: string;
}

export function routePatterns(): { pattern: string; entity?: string; permission?: string }[] {
  const table = routesOf(summarize(modules));
  return [HOME_ROUTE, ...shellRoutes(table, webScreens)].map((pattern) => {
    const e = table.find((r) => r.route === pattern);
    return { pattern, entity: e?.entity, permission: e?.permission };
  });
}

/**
 * Entity of a `{id}` route the map does not describe (a module screen with a route of its own, e.g.
 * /settings/users/{id}): the entity whose view permission its parent route needs.
 */
function entityOfScreen(pattern: string, table: ReturnType<typeof routesOf>): string | undefined {
  const stem = pattern.replace(/\/\{\w+\}$/, '');
  const parent = table.find((r) => r.route === stem);
  return parent?.entity ?? parent?.permission?.match(/^\w+\.(\w+)\.view$/)?.[1];
}

/** The routes with their params filled, and the patterns whose param has no record in the demo data. */
export async function resolveRoutes(api: APIRequestContext, username: string): Promise<{ routes: GuardRoute[]; unfilled: string[] }> {
  const table = routesOf(summarize(modules));
  const out: GuardRoute[] = [];
  const unfilled: string[] = [];
  next: for (const r of routePatterns()) {
    const params = [...r.pattern.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    let path = r.pattern;
    for (const p of params) {
      let value: string;
      if (p === 'username') value = username;
      else {
        const name = r.entity ?? entityOfScreen(r.pattern, table);
        if (!name) throw new Error(`${r.pattern}: no entity to take {${p}} from`);
        const id = await firstId(api, name);
        if (!id) {
          unfilled.push(`${r.pattern}: the demo data has no ${name}`);
          continue next;
        }
        value = String(id);
      }
      path = path.replace(`{${p}}`, encodeURIComponent(value));
    }
    out.push({ pattern: r.pattern, path, permission: r.permission });
  }
  return { routes: out, unfilled };
}

async function firstId(api: APIRequestContext, entity: string): Promise<number | undefined> {
  const def = entityByName(entity);
  const base = entityBasePath(def);
  const res = await api.get(isSingleton(def) ? `${base}/current` : `${base}?pageSize=1`);
  if (!res.ok()) throw new Error(`${base}: ${res.status()} ${await res.text()}`);
  const body = await res.json();
  return isSingleton(def) ? body.id : body.items?.[0]?.id;
}

const FREE_TEXT = new Set(['text', 'textarea', 'email', 'phone', 'url']);

/**
 * The words of the demo records' own text (names, references, descriptions, the titles of what they refer to), as
 * the API answers them: what an Arabic page may show in Latin letters because a person typed it so. Enum values are
 * left out (a page shows their labels), and so is anything the page adds itself.
 */
export async function demoTextWords(api: APIRequestContext): Promise<Set<string>> {
  const words = new Set<string>();
  const add = (v: unknown) => { if (typeof v === 'string') for (const w of v.match(/[A-Za-z][A-Za-z'’]*/g) ?? []) words.add(w.toLowerCase()); };
  for (const r of routesOf(summarize(modules)).filter((x) => x.kind === 'list' && x.entity)) {
    const def = entityByName(r.entity!);
    const res = await api.get(isSingleton(def) ? `${entityBasePath(def)}/current` : `${entityBasePath(def)}?pageSize=200`);
    if (!res.ok()) continue;
    const body = await res.json();
    for (const row of (isSingleton(def) ? [body] : body.items) as Record<string, unknown>[]) {
      for (const [k, v] of Object.entries(row)) {
        const kind = def.fields[k]?.kind;
        if (kind && FREE_TEXT.has(kind) && (def.fields[k] as { format?: string }).format !== 'entityName') add(v);
        if (kind === 'json' && Array.isArray(v)) for (const line of v) for (const x of Object.values(line as object)) add(x);
      }
      for (const t of Object.values((row._refs ?? {}) as Record<string, unknown>)) add(t);
    }
  }
  return words;
}

/**
 * The list routes whose screen must offer a create form to the demo admin: generic lists (kind 'list') of entities
 * that can be created (operations.create not false, not a tenant-wide singleton) and whose "New" opens a drawer
 * (no `form.page` of its own, which is walked as a route). A module screen that replaces such a list must keep its
 * "New" button with `aria-keyshortcuts="n"` so the guard finds it.
 */
export function creatableLists(): string[] {
  return routesOf(summarize(modules))
    .filter((r) => r.kind === 'list' && r.entity)
    .filter((r) => {
      const def = entityByName(r.entity!);
      return def.operations?.create !== false && def.scope !== 'tenant' && !isSingleton(def) && !def.form?.page;
    })
    .map((r) => r.route);
}
