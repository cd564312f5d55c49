import { Badge, Button, Group } from '@mantine/core';
import { allowedOps } from '../../core/entity/allowed-ops';
import type { AnyEntity } from '../../core/entity/define';
import { useCan } from '../api/useAuth';
import { type Row, useTransition } from '../api/useEntityQueries';
import { useLocale } from '../i18n/useLocale';
import { useConfirm } from '../ui/ConfirmProvider';
import { notifyError, notifySuccess } from '../ui/notify';
import { useEntityMessages } from './useEntityMessages';

/**
 * State badge and the transitions allowedOps offers: from the current state (def.states), each with its permission;
 * the ones the spec names (activate, deactivate, assign, sync, reset...) or marked `confirm` ask first.
 */
const ALWAYS_CONFIRM = /^(activate|deactivate|assign|bulkAssign|sync|reset|cancel|terminate|void|delete)/i;

export function StateBadge({ def, row }: { def: AnyEntity; row: Row }) {
  const { label } = useLocale();
  if (!def.states) return null;
  const state = String(row[def.states.field] ?? '');
  const field = def.fields[def.states.field];
  const option = field?.kind === 'enum' ? field.options.find((o) => o.value === state) : undefined;
  return (
    <Badge size="lg" variant="light" tt="none">
      {option ? label(option.label) : state}
    </Badge>
  );
}

export function StateActions({ def, row }: { def: AnyEntity; row: Row }) {
  const { label } = useLocale();
  const can = useCan();
  const confirm = useConfirm();
  const m = useEntityMessages(def);
  const transition = useTransition(def);
  if (!def.states) return null;
  const allowed = allowedOps(def, row, can).transitions;
  if (allowed.length === 0) return null;
  return (
    <Group gap="xs">
      {allowed.map((name) => {
        const tr = def.states!.transitions[name]!;
        const action = label(tr.label);
        const run = async () => {
          if ((tr.confirm || ALWAYS_CONFIRM.test(name)) && !(await confirm({ message: m.confirmTransition(action) }))) return;
          transition.mutate(
            { id: row.id, name, version: row.version },
            { onSuccess: () => notifySuccess(m.transitioned(action)), onError: (e) => notifyError(m.transitionError(action), e) },
          );
        };
        return (
          <Button key={name} variant="light" color={tr.color} onClick={run} loading={transition.isPending && transition.variables?.name === name}>
            {action}
          </Button>
        );
      })}
    </Group>
  );
}
