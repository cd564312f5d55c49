-- Lines are added to an entry only by the statement that posts it. journal_lines was guarded against UPDATE, DELETE
-- and TRUNCATE (0003) but not INSERT: a balanced pair of lines added to a posted entry by raw SQL kept it balanced,
-- moved the balances it feeds, and only ledger verify found it (content_changed). Refused now: a line whose entry was
-- posted before this transaction began. The ledger's own writes (ledger.write.ts) insert an entry's lines in the same
-- statement that inserts it, or that turns its draft into a posted entry, both with posted_at = now(), the
-- transaction's start: never before it. Rows with no posted_at (a bulk load of the benchmarks, which inserts the lines
-- in the same statement) are not refused; a draft's lines live in its JSON until it is posted.
CREATE OR REPLACE FUNCTION ledger_guard_line_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM journal_entries e WHERE e.id = NEW.entry_id AND e.status <> 'draft' AND e.posted_at < now()) THEN
    RAISE EXCEPTION 'journal entry % is posted: no line is added to it', NEW.entry_id USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER journal_lines_no_late_insert BEFORE INSERT ON journal_lines
  FOR EACH ROW EXECUTE FUNCTION ledger_guard_line_insert();
