-- hand-written below
-- companies made before get the Cashier group that new ones get from pos.defaults.ts (same name, rights and description:
-- pos/server/cashier.ts CASHIER_GROUP and CASHIER_PERMISSIONS, sorted as the group's hook stores them); a company that
-- already has a group of that name (the demo's) keeps its own
INSERT INTO "groups" (company_id, name, name_ar, description, permissions)
SELECT c.id, 'Cashier', 'أمين الصندوق', 'Sells at the till, starts and closes their session / البيع في نقطة البيع وفتح الجلسة وإغلاقها',
  '["accounting.invoice.print","contacts.contact.add","contacts.contact.view","inventory.product.view","inventory.productCategory.view","pos.posBranch.view","pos.posSession.add","pos.posSession.close","pos.posSession.sell","pos.posSession.view","sales.priceList.view","sales.salesOrder.view"]'::jsonb
FROM companies c WHERE NOT EXISTS (SELECT 1 FROM groups g WHERE g.company_id = c.id AND g.name = 'Cashier');
