-- A posted entry becomes cancelled only together with its reversal (reversed_by_id); see ledger_guard_entry in 0003.
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
