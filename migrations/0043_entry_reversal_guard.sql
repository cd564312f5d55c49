-- A posted entry is cancelled only by its reversal (reverseEntry in src/modules/accounting/server/ledger.post.ts),
-- and a reversal exists only with its original marked. 0005's guard asked reversed_by_id to be merely non-null, so a
-- raw UPDATE could "unpost" an entry by pointing it at any other entry (its lines still counted), or set
-- reversed_by_id on an entry left posted (which then could no longer be reversed).
-- 1. journal_entries_reversal_guard (BEFORE UPDATE, only when the status becomes cancelled or reversed_by_id changes):
--    only a posted entry may become cancelled, only together with reversed_by_id, and reversed_by_id must name a
--    posted entry of the same company and journal whose reversal_of_id is this entry. reverseEntry inserts that
--    reversal with one statement and marks the original with a later one, so the row is visible here.
-- 2. journal_entries_reversal_marked (deferred to the commit, on a row inserted with reversal_of_id or whose
--    reversal_of_id changes): the original it names (same company and journal) is cancelled with reversed_by_id = this
--    entry by then.
-- Ledger verify reports the same links as reason 'reversal_mismatch' (ledger.verify.ts), for changes made with
-- the triggers off.
CREATE OR REPLACE FUNCTION ledger_guard_reversal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status <> 'posted' OR NEW.status <> 'cancelled' OR NEW.id <> OLD.id OR NEW.reversed_by_id IS NULL
     OR NOT EXISTS (SELECT 1 FROM journal_entries r WHERE r.id = NEW.reversed_by_id AND r.id <> OLD.id
       AND r.company_id = NEW.company_id AND r.journal_id = NEW.journal_id AND r.status = 'posted' AND r.reversal_of_id = OLD.id)
  THEN
    RAISE EXCEPTION 'journal entry % is cancelled only by its posted reversal (reversed_by_id %)', OLD.id, NEW.reversed_by_id
      USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER journal_entries_reversal_guard BEFORE UPDATE ON journal_entries
  FOR EACH ROW WHEN (NEW.reversed_by_id IS DISTINCT FROM OLD.reversed_by_id OR (NEW.status = 'cancelled' AND OLD.status <> 'cancelled'))
  EXECUTE FUNCTION ledger_guard_reversal();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_check_reversal_marked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM journal_entries o WHERE o.id = NEW.reversal_of_id AND o.id <> NEW.id
       AND o.company_id = NEW.company_id AND o.journal_id = NEW.journal_id AND o.status = 'cancelled' AND o.reversed_by_id = NEW.id)
  THEN
    RAISE EXCEPTION 'journal entry % reverses entry %, which is not cancelled by it', NEW.id, NEW.reversal_of_id
      USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER journal_entries_reversal_marked AFTER INSERT OR UPDATE OF reversal_of_id ON journal_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.reversal_of_id IS NOT NULL)
  EXECUTE FUNCTION ledger_check_reversal_marked();
