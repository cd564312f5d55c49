import { z } from 'zod';
import { DATE_MAX, DATE_MIN, MAX_INT } from '../entity/bounds';
import { type AnyEntity, filterFieldOf, isSingleton, permissionCode } from '../entity/define';
import type { Field } from '../entity/field';
import { filterableKeys } from '../entity/list-query';
import { entitySchema } from '../entity/schema';
import { entityBasePath } from './crud.routes';
import type { DocumentedRoute } from './route-doc';

/**
 * The OpenAPI document, generated from the same zod schemas that validate requests: the generic entity routes
 * from the definitions, every hand-written route from the routeDoc it declares (route-doc.ts).
 */
const errorSchema = {
  type: 'object',
  properties: { error: { type: 'object', properties: { code: { type: 'string' }, message: { type: 'string' }, fields: { type: 'object', additionalProperties: { type: 'string' } } } } },
};

function jsonSchema(s: z.ZodType): Record<string, unknown> {
  try {
    return z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  } catch {
    return { type: 'object' };
  }
}

/** A list filter's value as list-query.ts accepts it: ids and integers within PostgreSQL's integer, dates in range. */
function filterSchema(field: Field | undefined): Record<string, unknown> {
  switch (field?.kind) {
    case 'ref': return { type: 'integer', minimum: 1, maximum: MAX_INT };
    case 'integer': return { type: 'integer', minimum: 0, maximum: MAX_INT };
    case 'date': return { type: 'string', format: 'date', description: `${DATE_MIN}..${DATE_MAX}` };
    case 'boolean': return { type: 'boolean' };
    default: return { type: 'string' };
  }
}

/**
 * The create body of an entity whose definition names `states.onCreate` takes that transition's name as an optional
 * boolean: `"validate": true` on a delivery, `"post": true` on a journal entry (createRecord in crud.service.ts).
 */
function withOnCreateFlag(def: AnyEntity, schema: Record<string, unknown>): Record<string, unknown> {
  const then = def.states?.onCreate;
  const transition = then ? def.states!.transitions[then] : undefined;
  if (!then || !transition) return schema;
  const permission = permissionCode(def, transition.permission ?? then);
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  return {
    ...schema,
    type: schema.type ?? 'object',
    properties: {
      ...properties,
      [then]: {
        type: 'boolean',
        description: `true: creates the ${def.label.en.toLowerCase()} and runs the ${then} transition (${transition.label.en}) in one transaction; `
          + `needs that transition's permission (${permission}) besides add. Absent or false: creates it only.`,
      },
    },
  };
}

export function openApiDocument(defs: AnyEntity[], version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  const schemas: Record<string, unknown> = { Error: errorSchema };
  for (const def of defs) {
    const base = entityBasePath(def);
    const tag = `${def.module}/${def.path}`;
    const name = def.name[0]!.toUpperCase() + def.name.slice(1);
    schemas[`${name}Create`] = withOnCreateFlag(def, jsonSchema(entitySchema(def, 'en', 'create')));
    schemas[`${name}Update`] = jsonSchema(entitySchema(def, 'en', 'update'));
    const ref = (n: string) => ({ content: { 'application/json': { schema: { $ref: `#/components/schemas/${n}` } } } });
    const errors = { 401: { description: 'Not signed in' }, 403: { description: 'No permission' }, 422: { description: 'Invalid', ...ref('Error') } };
    const list: Record<string, unknown> = {
      get: {
        tags: [tag], summary: `List ${def.pluralLabel.en}`,
        parameters: [
          { name: 'search', in: 'query', schema: { type: 'string' } },
          { name: 'sort', in: 'query', schema: { type: 'string' } },
          { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 1_000_000 } },
          { name: 'pageSize', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 200 } },
          ...filterableKeys(def).map((k) => {
            const anyOf = def.filters?.[k]?.anyOf;
            return { name: `filter[${k}]`, in: 'query', schema: filterSchema(filterFieldOf(def, k)), ...(anyOf ? { description: `matches ${anyOf.join(' or ')}` } : {}) };
          }),
        ],
        responses: { 200: { description: '{ items, total, page, pageSize }' }, ...errors },
      },
    };
    if (def.operations?.create !== false) list.post = { tags: [tag], summary: `Create ${def.label.en}`, requestBody: ref(`${name}Create`), responses: { 201: { description: 'Created' }, ...errors } };
    paths[base] = list;
    const one: Record<string, unknown> = { get: { tags: [tag], summary: `Get ${def.label.en}`, responses: { 200: { description: 'ok' }, 404: { description: 'Not found' } } } };
    if (def.operations?.update !== false) one.patch = { tags: [tag], summary: `Update ${def.label.en} (send version)`, requestBody: ref(`${name}Update`), responses: { 200: { description: 'ok' }, 409: { description: 'Changed by someone else' }, ...errors } };
    if (def.operations?.delete !== false) one.delete = { tags: [tag], summary: `Delete ${def.label.en}`, responses: { 204: { description: 'Deleted' }, 409: { description: 'In use' } } };
    paths[`${base}/{id}`] = one;
    if (isSingleton(def)) paths[`${base}/current`] = { get: { tags: [tag], summary: `The company's ${def.label.en}`, responses: { 200: { description: 'ok' }, 404: { description: 'Not found' } } } };
    paths[`${base}/{id}/history`] = { get: { tags: [tag], summary: 'Audit history', responses: { 200: { description: 'ok' } } } };
    for (const [action, t] of Object.entries(def.states?.transitions ?? {}))
      paths[`${base}/{id}/${action}`] = { post: { tags: [tag], summary: t.label.en, responses: { 200: { description: 'ok' }, 409: { description: 'Not allowed in this state' } } } };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Daftar ERP API', version },
    paths,
    components: { schemas, securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sid' } } },
    security: [{ session: [] }],
  };
}

/** Adds the documented hand-written routes (`:param` becomes `{param}`), next to the generic ones. */
export function addRoutePaths(document: ReturnType<typeof openApiDocument>, routes: DocumentedRoute[]): void {
  for (const { method, url, doc } of routes) {
    const path = url.replace(/:(\w+)/g, '{$1}');
    const parameters = [
      ...[...url.matchAll(/:(\w+)/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } })),
      ...Object.entries(doc.query ?? {}).map(([name, description]) => ({ name, in: 'query', description, schema: { type: 'string' } })),
    ];
    document.paths[path] = {
      ...document.paths[path],
      [method]: {
        tags: doc.tags ?? [url.split('/')[2] ?? 'api'],
        summary: doc.summary,
        ...(doc.description ? { description: doc.description } : {}),
        ...(parameters.length ? { parameters } : {}),
        ...(doc.body ? { requestBody: { content: { 'application/json': { schema: jsonSchema(doc.body) } } } } : {}),
        responses: Object.fromEntries(Object.entries(doc.responses ?? { 200: 'ok' }).map(([status, description]) => [status, { description }])),
        ...(doc.public ? { security: [] } : {}),
      },
    };
  }
}
