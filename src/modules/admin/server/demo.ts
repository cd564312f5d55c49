import { ops } from '../../../core/entity/operations';
import { counted, inLanguage, registerCompanySetup, setupCtx } from '../../../core/tenancy/company-setup';
import { group } from '../model/group.entity';
import { allPermissionCodes } from './permissions';

/**
 * Demo groups for a demo company: accountants (everything of accounting, contacts to view) and storekeepers
 * (everything of inventory, contacts to view), through the generic create (its permission checks included).
 */
const within = (prefixes: string[]) => allPermissionCodes().filter((p) => prefixes.some((x) => p.startsWith(x)));

registerCompanySetup('admin.demo', async (_tx, companyId, opts) => {
  if (!opts.demo) return;
  const ctx = setupCtx(companyId, opts);
  await ops.create(ctx, group, {
    name: 'Accountants', nameAr: 'المحاسبون', description: inLanguage(opts, 'Books, invoices and reports', 'الدفاتر والفواتير والتقارير'),
    permissions: [...within(['accounting.']), 'contacts.contact.view'],
  });
  await ops.create(ctx, group, {
    name: 'Storekeepers', nameAr: 'أمناء المخازن', description: inLanguage(opts, 'Stock documents and reports', 'مستندات المخزون وتقاريره'),
    permissions: [...within(['inventory.']), 'contacts.contact.view'],
  });
  counted(opts, 'groups', 2);
});
