import { Container } from '@mantine/core';
import { type AnyEntity, permissionCode } from '../../core/entity/define';
import { entityByName } from '../../modules/registry';
import { useCan } from '../api/useAuth';
import { detailRouteOf } from '../routeTable';
import { NoAccess } from '../ui/NoAccess';
import { EntityList } from './EntityList';
import { isSingleton } from '../../core/entity/define';
import { EntitySingleton } from './EntitySingleton';

/**
 * Route screen for an entity list. `basePath` is the route it is mounted at; rows open `detailRoute`
 * (default: the entity's record page from the app map).
 */
export default function EntityListPage({ def: defOrName, basePath, detailRoute }: {
  def: AnyEntity | string;
  basePath: string;
  detailRoute?: string;
}) {
  const can = useCan();
  const def = typeof defOrName === 'string' ? entityByName(defOrName) : defOrName;
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
      <EntityList key={def.name} def={def} detailRoute={detailRoute ?? detailRouteOf(def.name) ?? `${basePath}/{id}`} />
    </Container>
  );
}
