import EntityDetailPage from '../../../web/entity/EntityDetailPage';
import { user } from '../model/user.entity';

export default function UserDetailScreen() {
  return <EntityDetailPage def={user} basePath="/settings/users" />;
}
