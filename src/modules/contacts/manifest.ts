import { defineModule } from '../../core/entity/module';
import { branch } from './model/branch.entity';
import { contact } from './model/contact.entity';

export const contactsModule = defineModule({
  key: 'contacts',
  label: { en: 'Contacts', ar: 'جهات الاتصال' },
  icon: 'address-book',
  order: 10,
  card: true,
  entities: [contact, branch],
});
