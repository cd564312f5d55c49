-- hand-written: the free texts every company was given in both languages joined in one field ("English / عربي"),
-- written again in the company's default language, as new companies get them (core/tenancy/company-setup.ts
-- inLanguage): the payment terms' descriptions (sales.defaults.ts), the Cashier group's (pos.defaults.ts, migration
-- 0036) and the main warehouse's address when the company had none (inventory.defaults.ts). A text someone changed
-- is not the joined one and stays as it is.
UPDATE "payment_terms" p SET "description" = CASE c."default_language" WHEN 'ar' THEN v.ar ELSE v.en END
FROM "companies" c, (VALUES
  ('Due on the order date / مستحق في تاريخ الطلب', 'Due on the order date', 'مستحق في تاريخ الطلب'),
  ('Due 30 days after the order date / مستحق بعد 30 يومًا من تاريخ الطلب', 'Due 30 days after the order date', 'مستحق بعد 30 يومًا من تاريخ الطلب')
) AS v(old, en, ar)
WHERE c."id" = p."company_id" AND p."description" = v.old;
--> statement-breakpoint
UPDATE "groups" g SET "description" = CASE c."default_language" WHEN 'ar' THEN 'البيع في نقطة البيع وفتح الجلسة وإغلاقها' ELSE 'Sells at the till, starts and closes their session' END
FROM "companies" c
WHERE c."id" = g."company_id" AND g."description" = 'Sells at the till, starts and closes their session / البيع في نقطة البيع وفتح الجلسة وإغلاقها';
--> statement-breakpoint
UPDATE "warehouses" w SET "address" = CASE c."default_language" WHEN 'ar' THEN 'المقر الرئيسي' ELSE 'Head office' END
FROM "companies" c
WHERE c."id" = w."company_id" AND w."address" = 'Head office / المقر الرئيسي';
