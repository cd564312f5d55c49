CREATE INDEX "stock_moves_source_id_idx" ON "stock_moves" USING btree ("company_id","source_id");
