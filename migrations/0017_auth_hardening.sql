ALTER TABLE "users" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;

--> statement-breakpoint
-- hand-written below
-- Usernames are unique whatever their case (sign-in matches lower(username)). Accounts that differ only in case
-- must be renamed first: this names every clash, so an operator knows which accounts to rename.
DO $$
DECLARE clashes text;
BEGIN
  SELECT string_agg(names, '; ' ORDER BY names) INTO clashes FROM (
    SELECT string_agg(username, ', ' ORDER BY username) AS names FROM users GROUP BY lower(username) HAVING count(*) > 1
  ) c;
  IF clashes IS NOT NULL THEN
    RAISE EXCEPTION 'Usernames that differ only in case must be renamed before this migration: %', clashes
      USING HINT = 'Rename all but one account of each group (UPDATE users SET username = ... WHERE id = ...), then start again.';
  END IF;
END $$;
--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_uq" ON "users" (lower("username"));
