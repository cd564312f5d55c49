import { Code, JsonInput, Skeleton } from '@mantine/core';
import { type ComponentType, type LazyExoticComponent, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyScreen } from '../lazyScreen';
import { PasswordField } from '../ui/PasswordField';
import { type WidgetProps, widgetLoaders } from '../moduleWeb';
import { mandatory } from '../ui/mandatory';

/**
 * Inputs for fields with `widget: '<name>'`, provided by modules (src/modules/<m>/web/index.ts) and loaded
 * lazily. Built in: 'password' (a write-only field; left empty, the password stays as it is).
 * A json field without a known widget falls back to a JSON editor.
 */
const cache = new Map<string, LazyExoticComponent<ComponentType<WidgetProps>>>();

function widgetComponent(name: string) {
  let c = cache.get(name);
  const load = widgetLoaders[name];
  if (!c && load) {
    c = lazyScreen(load);
    cache.set(name, c);
  }
  return c;
}

export function WidgetInput(props: WidgetProps) {
  if (props.field.widget === 'password') return props.view ? null : <PasswordWidget {...props} />;
  const Widget = props.field.widget ? widgetComponent(props.field.widget) : undefined;
  if (!Widget) return <JsonFallback {...props} />;
  return (
    <Suspense fallback={<Skeleton h={120} />}>
      <Widget {...props} />
    </Suspense>
  );
}

function JsonFallback({ label, value, onChange, error, disabled, view }: WidgetProps) {
  const { t } = useTranslation();
  if (view) return <Code block>{JSON.stringify(value, null, 2)}</Code>;
  const [text, setText] = useState(() => (value === null || value === undefined ? '' : JSON.stringify(value, null, 2)));
  const [bad, setBad] = useState(false);
  return (
    <JsonInput
      label={label}
      value={text}
      disabled={disabled}
      autosize
      minRows={3}
      formatOnBlur
      dir="ltr"
      error={error ?? (bad ? t('form.invalidJson') : undefined)}
      onChange={(v) => {
        setText(v);
        try {
          onChange(v.trim() ? JSON.parse(v) : null);
          setBad(false);
        } catch {
          setBad(true);
        }
      }}
    />
  );
}

function PasswordWidget({ label, value, onChange, error, disabled, field }: WidgetProps) {
  return (
    <PasswordField
      label={label}
      value={typeof value === 'string' ? value : ''}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error}
      disabled={disabled}
      {...mandatory(field.required)}
      autoComplete="new-password"
    />
  );
}
