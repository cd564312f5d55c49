import type { AnyEntity } from '../../core/entity/define';
import { type Row, useCreate, useUpdate } from '../api/useEntityQueries';
import { notifyError, notifySuccess } from '../ui/notify';
import { useEntityMessages } from './useEntityMessages';

/** Create (POST) or update (PATCH with the edited `version`) a record, announcing success or failure. */
export function useSaveEntity(def: AnyEntity) {
  const create = useCreate(def);
  const update = useUpdate(def);
  const m = useEntityMessages(def);
  return async (row: Row | undefined, body: Record<string, unknown>): Promise<Row> => {
    try {
      const saved = row
        ? await update.mutateAsync({ id: row.id, version: row.version, values: body })
        : await create.mutateAsync(body);
      notifySuccess(row ? m.updated : m.created);
      return saved;
    } catch (e) {
      notifyError(row ? m.updateError : m.createError, e);
      throw e;
    }
  };
}
