import type { AnyEntity } from '../core/entity/define';
import type { ModuleDef } from '../core/entity/module';
import { adminModule } from './admin/manifest';
import { contactsModule } from './contacts/manifest';
import { accountingModule } from './accounting/manifest';
import { inventoryModule } from './inventory/manifest';
import { salesModule } from './sales/manifest';
import { posModule } from './pos/manifest';

/** Every module of the product, in menu order. Adding a module means adding its manifest here. */
export const modules: ModuleDef[] = [contactsModule, accountingModule, inventoryModule, salesModule, posModule, adminModule].sort((a, b) => a.order - b.order);

export const entities: AnyEntity[] = modules.flatMap((m) => m.entities);

const byName = new Map(entities.map((e) => [e.name, e]));
export function entityByName(name: string): AnyEntity {
  const e = byName.get(name);
  if (!e) throw new Error(`unknown entity ${name}`);
  return e;
}
