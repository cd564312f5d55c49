import { Drawer } from '@mantine/core';
import type { AnyEntity } from '../../core/entity/define';
import type { Row } from '../api/useEntityQueries';
import { EntityForm } from './EntityForm';
import { useEntityMessages } from './useEntityMessages';
import { useSaveEntity } from './useSaveEntity';

/**
 * The generic form in a side drawer at the end side (Mantine's 'right' is logical: it is the left in RTL).
 * A new record when `row` is undefined (with `prefill`'s values, if given), else an edit of `row`. A list preset's
 * form (core/entity/preset.ts) shows `only` its fields and sends `defaults` with a new record.
 */
export function EntityFormDrawer({ def, row, prefill, only, defaults, opened, onClose, onSaved }: {
  def: AnyEntity;
  row?: Row;
  prefill?: Record<string, unknown>;
  only?: string[];
  defaults?: Record<string, unknown>;
  opened: boolean;
  onClose: () => void;
  onSaved?: (row: Row) => void;
}) {
  const m = useEntityMessages(def);
  const save = useSaveEntity(def);
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={Object.values(def.fields).some((f) => f.kind === 'json' && f.widget) ? 'min(100%, 72rem)' : 'xl'}
      title={row ? m.editTitle : m.createTitle}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {opened && (
        <EntityForm
          key={row ? row.id : 'new'}
          def={def}
          mode={row ? 'update' : 'create'}
          row={row}
          prefill={prefill}
          only={only}
          confirmMessage={row ? m.confirmEdit : m.confirmAdd}
          onCancel={onClose}
          onSubmit={async (body) => {
            const saved = await save(row, row || !defaults ? body : { ...defaults, ...body });
            onClose();
            onSaved?.(saved);
          }}
        />
      )}
    </Drawer>
  );
}
