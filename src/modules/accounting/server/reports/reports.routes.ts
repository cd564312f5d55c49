import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../../core/db/connect';

export function registerReportRoutes(_app: FastifyInstance, _db: Database): void {}
