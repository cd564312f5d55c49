import EntityListPage from '../../../web/entity/EntityListPage';
import { user } from '../model/user.entity';

/** /settings/users: the users list, with details under /settings/users/{id}. */
export default function UsersScreen() {
  return <EntityListPage def={user} basePath="/settings/users" detailRoute="/settings/users/{id}" />;
}
