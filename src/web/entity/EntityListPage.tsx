import { Container } from '@mantine/core';
import { type AnyEntity, permissionCode } from '../../core/entity/define';
import type { ListPreset } from '../../core/entity/preset';
import { entityByName } from '../../modules/registry';
import { useCan } from '../api/useAuth';
import { detailRouteOf } from '../routeTable';
import { NoAccess } from '../ui/NoAccess';
import { EntityList } from './EntityList';
import { isSingleton } from '../../core/entity/define';
import { EntitySingleton } from './EntitySingleton';

/**
 * Route screen for an entity list. `basePath` is the route it is mounted at; rows open `detailRoute`
 * (default: the entity's record page from the app map). A list preset (core/entity/preset.ts) is served at its
 * route, its rows opening `<route>/{id}`.
 */
export default function EntityListPage({ def: defOrName, basePath, detailRoute, preset }: {
  def?: AnyEntity | string;
  basePath?: string;
  detailRoute?: string;
  preset?: ListPreset;
}) {
  const can = useCan();
  const def = preset ? preset.def : typeof defOrName === 'string' ? entityByName(defOrName) : defOrName!;
  basePath = preset?.route ?? basePath!;
  detailRoute = preset ? `${preset.route}/{id}` : detailRoute;
  if (!can(permissionCode(def, 'view'))) return <NoAccess />;
  if (isSingleton(def)) {
    return (
      <Container size="lg" px={0}>
        <EntitySingleton def={def} />
      </Container>
    );
  }
  return (
    <Container size="xl" px={0}>
      <EntityList key={preset?.key ?? def.name} def={def} preset={preset} detailRoute={detailRoute ?? detailRouteOf(def.name) ?? `${basePath}/{id}`} />
    </Container>
  );
}
