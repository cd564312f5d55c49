import { useQueryClient } from '@tanstack/react-query';
import type { AnyEntity } from '../../core/entity/define';
import { isApiError } from '../api/client';
import { type Row, useCreate, useUpdate } from '../api/useEntityQueries';
import { notifyError, notifySuccess } from '../ui/notify';
import { useEntityMessages } from './useEntityMessages';

/**
 * Create (POST) or update (PATCH with the edited `version`) a record, announcing success or failure. After a
 * 409 the record is reloaded, so saving again applies the user's changes on top of the current version.
 */
export function useSaveEntity(def: AnyEntity) {
  const create = useCreate(def);
  const update = useUpdate(def);
  const m = useEntityMessages(def);
  const qc = useQueryClient();
  return async (row: Row | undefined, body: Record<string, unknown>): Promise<Row> => {
    try {
      const saved = row
        ? await update.mutateAsync({ id: row.id, version: row.version, values: body })
        : await create.mutateAsync(body);
      notifySuccess(row ? m.updated : m.created);
      return saved;
    } catch (e) {
      if (isApiError(e, 409)) void qc.invalidateQueries({ queryKey: ['entity', def.name] });
      notifyError(row ? m.updateError : m.createError, e);
      throw e;
    }
  };
}
