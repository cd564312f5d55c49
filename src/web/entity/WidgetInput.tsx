import { JsonInput, Skeleton } from '@mantine/core';
import { type ComponentType, type LazyExoticComponent, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyScreen } from '../lazyScreen';
import { type WidgetProps, widgetLoaders } from '../moduleWeb';

/**
 * Inputs for fields with `widget: '<name>'`, provided by modules (src/modules/<m>/web/index.ts) and loaded
 * lazily. A json field without a known widget falls back to a JSON editor.
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
  const Widget = props.field.widget ? widgetComponent(props.field.widget) : undefined;
  if (!Widget) return <JsonFallback {...props} />;
  return (
    <Suspense fallback={<Skeleton h={120} />}>
      <Widget {...props} />
    </Suspense>
  );
}

function JsonFallback({ label, value, onChange, error, disabled }: WidgetProps) {
  const { t } = useTranslation();
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
