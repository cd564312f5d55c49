ALTER TABLE "contacts" ADD COLUMN "cr_number" varchar(50);
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "building_number" varchar(10);
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "street" varchar(200);
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "street_ar" varchar(200);
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "district" varchar(100);
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "district_ar" varchar(100);
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "city" varchar(100);
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "city_ar" varchar(100);
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "postal_code" varchar(10);
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "additional_number" varchar(10);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "issued_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "building_number" varchar(10);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "street" varchar(200);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "street_ar" varchar(200);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "district" varchar(100);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "district_ar" varchar(100);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "city" varchar(100);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "city_ar" varchar(100);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "postal_code" varchar(10);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "additional_number" varchar(10);
--> statement-breakpoint
-- hand-written below
-- Invoices confirmed before issued_at existed: their date at the time of day their entry was posted (the confirmation),
-- in the company's zone, as tax-invoice/issue-time.ts sets it for new ones.
UPDATE "invoices" i SET "issued_at" = (i."date" + (je."created_at" AT TIME ZONE c."time_zone")::time) AT TIME ZONE c."time_zone"
FROM "journal_entries" je, "companies" c
WHERE je."id" = i."entry_id" AND c."id" = i."company_id" AND i."issued_at" IS NULL;
--> statement-breakpoint
-- The demo company is registered for VAT (as ensureFirstAdmin now makes it), and its business customers carry their
-- VAT numbers and national addresses (contacts' demo), so its sale invoices print as tax invoices with the ZATCA QR.
UPDATE "companies" SET "tax_number" = '310122393500003', "cr_number" = coalesce("cr_number", '1010123456'), "building_number" = '2121',
  "street" = 'King Abdulaziz Road', "street_ar" = 'طريق الملك عبدالعزيز', "district" = 'Al Malqa', "district_ar" = 'الملقا', "city" = 'Riyadh',
  "city_ar" = 'الرياض', "postal_code" = '13521', "additional_number" = '8523'
WHERE "name_en" = 'Daftar Demo Trading Co.' AND "country" = 'SA' AND "tax_number" IS NULL;
--> statement-breakpoint
UPDATE "contacts" k SET "tax_number" = v.tax, "cr_number" = v.cr, "building_number" = v.b, "street" = v.s, "street_ar" = v.sa, "district" = v.d,
  "district_ar" = v.da, "city" = v.c, "city_ar" = v.ca, "postal_code" = v.p, "additional_number" = v.a
FROM (VALUES
  ('Nile Trading', '300123456700003', '4030123456', '7410', 'Prince Sultan Road', 'طريق الأمير سلطان', 'Al Rawdah', 'الروضة', 'Jeddah', 'جدة', '23435', '2211'),
  ('Riyadh Office Mart', '310987654300003', '1010654321', '3456', 'Olaya Street', 'شارع العليا', 'Al Olaya', 'العليا', 'Riyadh', 'الرياض', '12244', '7788'),
  ('Red Sea Hotels', '302345678900003', '4030987654', '8120', 'Tahlia Street', 'شارع التحلية', 'Al Andalus', 'الأندلس', 'Jeddah', 'جدة', '23326', '3344'),
  ('Al-Noor Markets', '300987654300003', '1010777888', '6543', 'King Fahd Road', 'طريق الملك فهد', 'Al Sulimaniyah', 'السليمانية', 'Riyadh', 'الرياض', '12245', '4455')
) AS v(name, tax, cr, b, s, sa, d, da, c, ca, p, a), "companies" co
WHERE k."name" = v.name AND k."kind" = 'company' AND k."tax_number" IS NULL AND co."id" = k."company_id"
  AND co."name_en" = 'Daftar Demo Trading Co.' AND co."tax_number" = '310122393500003';
