CREATE TABLE "account_day_balances" (
	"company_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"day" date NOT NULL,
	"debit" numeric(20, 4) DEFAULT '0' NOT NULL,
	"credit" numeric(20, 4) DEFAULT '0' NOT NULL,
	CONSTRAINT "account_day_balances_company_id_account_id_day_pk" PRIMARY KEY("company_id","account_id","day")
);

--> statement-breakpoint
CREATE INDEX "account_day_balances_day_idx" ON "account_day_balances" USING btree ("company_id","day");
--> statement-breakpoint
ALTER TABLE account_day_balances ADD CONSTRAINT account_day_balances_account_fk FOREIGN KEY (account_id) REFERENCES accounts(id) ON DELETE RESTRICT;
