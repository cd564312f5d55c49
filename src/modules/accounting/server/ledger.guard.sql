-- Accounting ledger guards: the current state of migrations 0003 + 0005 (keep in step with them; change by new migrations).
-- 1. Posted journal lines are immutable: no UPDATE, DELETE or TRUNCATE.
-- 2. A posted or cancelled entry keeps every posted field; only posted -> cancelled (with reversed_by_id set once)
--    and bookkeeping columns (version, updated_at, updated_by) may change; it cannot be deleted.
-- 3. At commit, each entry's lines balance (sum debit = sum credit).
-- 4. One number per (company, journal, fiscal year, sequence).
ALTER TABLE journal_lines ADD CONSTRAINT journal_lines_entry_fk FOREIGN KEY (entry_id) REFERENCES journal_entries(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE journal_lines ADD CONSTRAINT journal_lines_account_fk FOREIGN KEY (account_id) REFERENCES accounts(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE journal_lines ADD CONSTRAINT journal_lines_journal_fk FOREIGN KEY (journal_id) REFERENCES journals(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE account_balances ADD CONSTRAINT account_balances_account_fk FOREIGN KEY (account_id) REFERENCES accounts(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ledger_chains ADD CONSTRAINT ledger_chains_journal_fk FOREIGN KEY (journal_id) REFERENCES journals(id) ON DELETE RESTRICT;
--> statement-breakpoint
CREATE UNIQUE INDEX journal_entries_number_uq ON journal_entries (company_id, journal_id, fiscal_year, sequence_no) WHERE sequence_no IS NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX journal_entries_chain_uq ON journal_entries (journal_id, chain_seq) WHERE chain_seq IS NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_refuse_line_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'posted journal lines are immutable (%)', TG_OP USING ERRCODE = 'P0001';
END $$;
--> statement-breakpoint
CREATE TRIGGER journal_lines_immutable BEFORE UPDATE OR DELETE ON journal_lines
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_line_change();
--> statement-breakpoint
CREATE TRIGGER journal_lines_no_truncate BEFORE TRUNCATE ON journal_lines
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_line_change();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_guard_entry() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.status <> 'draft' THEN
      RAISE EXCEPTION 'posted journal entry % cannot be deleted', OLD.id USING ERRCODE = 'P0001';
    END IF;
    RETURN OLD;
  END IF;
  IF OLD.status = 'draft' THEN RETURN NEW; END IF;
  IF NEW.status NOT IN ('posted', 'cancelled') OR (OLD.status = 'cancelled' AND NEW.status <> 'cancelled')
     OR NEW.company_id IS DISTINCT FROM OLD.company_id OR NEW.journal_id IS DISTINCT FROM OLD.journal_id
     OR NEW.date IS DISTINCT FROM OLD.date OR NEW.reference IS DISTINCT FROM OLD.reference
     OR NEW.lines IS DISTINCT FROM OLD.lines OR NEW.total_debit IS DISTINCT FROM OLD.total_debit
     OR NEW.total_credit IS DISTINCT FROM OLD.total_credit OR NEW.number IS DISTINCT FROM OLD.number
     OR NEW.sequence_no IS DISTINCT FROM OLD.sequence_no OR NEW.fiscal_year IS DISTINCT FROM OLD.fiscal_year
     OR NEW.source_type IS DISTINCT FROM OLD.source_type OR NEW.source_id IS DISTINCT FROM OLD.source_id
     OR NEW.reversal_of_id IS DISTINCT FROM OLD.reversal_of_id OR NEW.chain_seq IS DISTINCT FROM OLD.chain_seq
     OR NEW.prev_hash IS DISTINCT FROM OLD.prev_hash OR NEW.hash IS DISTINCT FROM OLD.hash
     OR NEW.posted_at IS DISTINCT FROM OLD.posted_at OR NEW.created_by IS DISTINCT FROM OLD.created_by
     OR (OLD.reversed_by_id IS NOT NULL AND NEW.reversed_by_id IS DISTINCT FROM OLD.reversed_by_id)
     OR (NEW.status = 'cancelled' AND NEW.reversed_by_id IS NULL)
  THEN
    RAISE EXCEPTION 'posted journal entry % is immutable', OLD.id USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER journal_entries_guard BEFORE UPDATE OR DELETE ON journal_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_guard_entry();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_check_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE d numeric; c numeric;
BEGIN
  SELECT coalesce(sum(debit), 0), coalesce(sum(credit), 0) INTO d, c FROM journal_lines WHERE entry_id = NEW.entry_id;
  IF d <> c THEN
    RAISE EXCEPTION 'journal entry % is not balanced (% / %)', NEW.entry_id, d, c USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER journal_lines_balanced AFTER INSERT ON journal_lines
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_balanced();
