import { Container } from '@mantine/core';
import { type AnyEntity, permissionCode } from '../../core/entity/define';
import { useCan } from '../api/useAuth';
import { NoAccess } from '../ui/NoAccess';
import { EntityList } from './EntityList';

/** Route screen for an entity list; `basePath` is the route it is mounted at (details open under it). */
export default function EntityListPage({ def, basePath }: { def: AnyEntity; basePath: string }) {
  const can = useCan();
  if (!can(permissionCode(def, 'view'))) return <NoAccess />;
  return (
    <Container size="xl" px={0}>
      <EntityList key={def.name} def={def} basePath={basePath} />
    </Container>
  );
}
