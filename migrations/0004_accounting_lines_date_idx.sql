CREATE INDEX "journal_lines_date_idx" ON "journal_lines" USING btree ("company_id","date");
