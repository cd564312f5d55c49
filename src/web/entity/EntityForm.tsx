import '../i18n/lazyMessages';
import { Alert, Button, Divider, Group, SimpleGrid, Stack, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { allowedOps } from '../../core/entity/allowed-ops';
import type { AnyEntity } from '../../core/entity/define';
import { entitySchema, fieldErrors } from '../../core/entity/schema';
import { ApiError } from '../api/client';
import { useCan } from '../api/useAuth';
import type { Row } from '../api/useEntityQueries';
import { useLocale } from '../i18n/useLocale';
import { useConfirm } from '../ui/ConfirmProvider';
import { errorMessage } from '../ui/notify';
import { useScreenShortcuts } from '../shell/shortcuts';
import { FieldInput } from './fieldInputs';
import { type FormValues, formSections, initialValues, toBody } from './formValues';

/**
 * The generic create/edit form. Values are validated with `entitySchema(def, locale, mode)`, the very schema
 * the server applies, so messages match; the schema's output is what `onSubmit` receives. An update sends only
 * the fields the user changed, so a retry after a 409 ("changed by someone else", the record is then reloaded)
 * cannot overwrite the other person's changes to fields this user left alone. The user confirms before
 * anything is sent. A 422 puts the server's `error.fields` on the inputs; other errors show above the form.
 * An update of a record the user may not edit (its permission, or its state: allowedOps) only shows the values.
 */
export interface EntityFormProps {
  def: AnyEntity;
  mode: 'create' | 'update';
  row?: Row;
  /** Restrict the form to these keys (default: every editable field, in the definition's sections). */
  only?: string[];
  /** Receives the validated body; rejects with ApiError to show server errors. */
  onSubmit: (body: Record<string, unknown>) => Promise<unknown>;
  onCancel?: () => void;
  /** Question asked before sending; no question when omitted. */
  confirmMessage?: string;
  submitLabel?: string;
  columns?: number;
  /** A new record's values given by whoever opened the form (fields of the definition; the rest keep their defaults). */
  prefill?: Record<string, unknown>;
  /** Show the values without letting them be changed (besides a record allowedOps does not let this user edit). */
  readOnly?: boolean;
}

export function EntityForm({ def, mode, row, only, onSubmit, onCancel, confirmMessage, submitLabel, columns = 2, readOnly: fixed, prefill }: EntityFormProps) {
  const { t } = useTranslation();
  const can = useCan();
  const readOnly = fixed || (mode === 'update' && row !== undefined && !allowedOps(def, row, can).edit);
  const { locale, label } = useLocale();
  const confirm = useConfirm();
  const sections = useMemo(() => formSections(def, only), [def, only]);
  const keys = useMemo(() => sections.flatMap((s) => s.fields), [sections]);
  const [values, setValues] = useState<FormValues>(() => initialValues(def, keys, row, mode === 'create' ? prefill : undefined));
  const [initial] = useState(values);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Listed by "?" while the form is shown; the keys themselves are handled by useGlobalKeys, the form and the dialog.
  useScreenShortcuts(readOnly ? [] : [
    { keys: 'mod+s', label: t('shell.keys.formSave') },
    { keys: 'Enter', label: t('shell.keys.formSubmit') },
    ...(onCancel ? [{ keys: 'Escape', label: t('shell.keys.formClose') }] : []),
  ]);

  const set = (k: string) => (v: unknown) => {
    setValues((old) => ({ ...old, [k]: v }));
    if (errors[k]) setErrors(({ [k]: _, ...rest }) => rest);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const schema = entitySchema(def, locale, mode);
    const mask = Object.fromEntries(keys.filter((k) => k in schema.shape).map((k) => [k, true as const]));
    const parsed = (mode === 'create' ? schema : schema.pick(mask as typeof mask & Record<number, never>)).safeParse(toBody(def, keys, values));
    if (!parsed.success) {
      const errs = fieldErrors(parsed.error);
      setErrors(errs);
      const hidden = Object.keys(errs).filter((k) => !keys.includes(k));
      setFormError(hidden.length ? hidden.map((k) => errs[k]).join(' · ') : t('form.fixErrors'));
      return;
    }
    setErrors({});
    let body = parsed.data as Record<string, unknown>;
    if (mode === 'update') {
      const before = schema.partial().safeParse(toBody(def, keys, initial));
      const old = (before.success ? before.data : {}) as Record<string, unknown>;
      body = Object.fromEntries(Object.entries(body).filter(([k, v]) => JSON.stringify(v ?? null) !== JSON.stringify(old[k] ?? null)));
      if (Object.keys(body).length === 0) {
        onCancel?.();
        return;
      }
    }
    if (confirmMessage && !(await confirm({ message: confirmMessage }))) return;
    setBusy(true);
    try {
      await onSubmit(body);
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fields).length) setErrors(err.fields);
      setFormError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        {formError && (
          <Alert color="red" icon={<IconAlertCircle />} role="alert">
            {formError}
          </Alert>
        )}
        {sections.map((s, i) => (
          <Stack key={i} gap="sm">
            {s.title && (
              <>
                <Title order={3} fz="md">
                  {label(s.title)}
                </Title>
                <Divider mt={-6} />
              </>
            )}
            <SimpleGrid cols={{ base: 1, sm: columns }} spacing="md" verticalSpacing="sm">
              {s.fields.map((k) => {
                const wide = ['textarea', 'json', 'refs'].includes(def.fields[k]!.kind);
                // A field named like its section (alone in it, or a full-width lines editor) does not repeat the title.
                const repeatsTitle = (s.fields.length === 1 || def.fields[k]!.kind === 'json') && s.title && label(s.title) === label(def.fields[k]!.label);
                return (
                  <div key={k} style={wide ? { gridColumn: '1 / -1' } : undefined}>
                    <FieldInput def={def} name={k} value={values[k]} onChange={set(k)} error={errors[k]} disabled={busy || readOnly} row={row} hideLabel={Boolean(repeatsTitle)} values={values} />
                  </div>
                );
              })}
            </SimpleGrid>
          </Stack>
        ))}
        <Group justify="flex-end" gap="sm" hidden={readOnly}>
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={busy}>
              {t('common.cancel')}
            </Button>
          )}
          <Button type="submit" loading={busy}>
            {submitLabel ?? t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
