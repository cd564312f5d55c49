import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../core/db/connect';

/** The inventory module's server side: hooks of master data and documents, stock routes and reports. */
export function inventoryServer(_app: FastifyInstance, _db: Database): void {
}
