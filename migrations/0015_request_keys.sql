ALTER TABLE "audit_log" ADD COLUMN "request_key" varchar(200);
--> statement-breakpoint
CREATE INDEX "audit_request_key_idx" ON "audit_log" USING btree ("company_id","request_key");
