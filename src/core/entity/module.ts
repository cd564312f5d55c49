import type { Label } from '../i18n/locale';
import type { AnyEntity } from './define';

/**
 * What a module shows the rest of the product: its entities and the screens of its menu. Isomorphic.
 * Screens of entities with a `route` are listed automatically; `screens` adds hand-made ones.
 */
export interface ScreenDef {
  route: string;
  label: Label;
  /** Permission code needed to open it (the entity's view permission for generic screens). */
  permission?: string;
  /** Hidden from menus (detail pages with {id}). */
  hidden?: boolean;
}

export interface ModuleDef {
  key: string;
  label: Label;
  /** Icon name from @tabler/icons-react, resolved by the web shell. */
  icon: string;
  order: number;
  /** Shown as a card on /home. */
  card?: boolean;
  entities: AnyEntity[];
  screens?: ScreenDef[];
}

export function defineModule(m: ModuleDef): ModuleDef {
  return m;
}
