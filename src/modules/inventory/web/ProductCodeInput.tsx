import { Button, Group, TextInput, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useLocale } from '../../../web/i18n/useLocale';
import type { WidgetProps } from '../../../web/moduleWeb';
import { notifyError } from '../../../web/ui/notify';
import { mandatory } from '../../../web/ui/mandatory';
import type { Label } from '../../../core/i18n/locale';

/**
 * A product field typed by hand or filled by a server action (generate a barcode, a SKU, a sale price): the
 * input, a button at its end side (right in English, left in Arabic) and what the action said underneath.
 * Errors come as a notification titled in the spec's words ("Error generating barcode").
 */
export function ProductCodeInput({ props, button, hint, failed, run, numeric, below }: {
  props: WidgetProps;
  button: Label;
  hint: Label;
  failed: Label;
  /** Asks the server; resolves to the new value, or undefined when there is nothing to ask yet. */
  run: () => Promise<string | undefined>;
  numeric?: boolean;
  below?: ReactNode;
}) {
  const { label } = useLocale();
  const { value, onChange, error, disabled, field } = props;
  const [busy, setBusy] = useState(false);
  const go = async () => {
    setBusy(true);
    try {
      const v = await run();
      if (v !== undefined) onChange(v);
    } catch (e) {
      notifyError(label(failed), e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput label={props.label || undefined} name={props.name} value={typeof value === 'string' ? value : value == null ? '' : String(value)}
          onChange={(e) => onChange(e.currentTarget.value)} error={error} disabled={disabled} dir="ltr" style={{ flex: 1 }}
          inputMode={numeric ? 'decimal' : undefined} maxLength={field.kind === 'text' ? field.max : undefined} {...mandatory(field.required)} />
        <Tooltip label={label(hint)}>
          <Button variant="light" onClick={() => void go()} loading={busy} disabled={disabled} mb={error ? 22 : 0} aria-label={label(hint)}>
            {label(button)}
          </Button>
        </Tooltip>
      </Group>
      {below}
    </div>
  );
}
