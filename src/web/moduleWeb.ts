import type { ComponentType } from 'react';
import type { AnyEntity } from '../core/entity/define';
import type { Field } from '../core/entity/field';

/**
 * How a module adds browser code the generic screens cannot provide. Each module may have
 * src/modules/<key>/web/index.ts exporting `web: ModuleWeb`; it must only hold lazy loaders, so that nothing of a
 * module's screens lands in the initial bundle.
 * - screens: a component for a registry route (a ScreenDef route, or an entity route it replaces).
 *   Routes use the registry's `{param}` syntax; a param named `id` (or ending in `Id`) must be digits.
 * - widgets: form inputs for fields with `widget: '<name>'`.
 */
export interface WidgetProps {
  def: AnyEntity;
  name: string;
  field: Field;
  label: string;
  value: unknown;
  onChange: (value: unknown) => void;
  error?: string;
  disabled?: boolean;
  /** Read-only rendering for detail pages. */
  view?: boolean;
  /** The whole record (view) or form (edit) values, for widgets that depend on other fields. */
  values?: Record<string, unknown>;
}

export type Load<P> = () => Promise<{ default: ComponentType<P> }>;

export interface WebScreen {
  route: string;
  load: Load<object>;
}

export interface ModuleWeb {
  screens?: WebScreen[];
  widgets?: Record<string, Load<WidgetProps>>;
}

const found = import.meta.glob<{ web: ModuleWeb }>('../modules/*/web/index.ts', { eager: true });
const webs = Object.values(found).map((m) => m.web);

export const webScreens: WebScreen[] = webs.flatMap((w) => w.screens ?? []);
export const widgetLoaders: Record<string, Load<WidgetProps>> = Object.assign({}, ...webs.map((w) => w.widgets ?? {}));
