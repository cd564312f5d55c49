-- Two summaries of stock_day_totals, kept by a trigger on it in the same transaction (whoever writes the day
-- totals, these follow):
--   stock_month_totals (company, month, product, location): the sum of the month's day totals;
--   stock_balances (company, product, location): the sum of all day totals, i.e. the balance today.
-- A balance at a date is then read forward (whole months before it + days of its month) or backward (today's
-- balance - whole months after it - days after it in its month), whichever reads fewer months; never per move.
-- stock_month_totals_rebuild(company) recomputes both from the day totals (after a bulk load without triggers).
CREATE TABLE stock_month_totals (
	company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
	month date NOT NULL,
	product_id integer NOT NULL REFERENCES products(id) ON DELETE RESTRICT,
	location_id integer NOT NULL REFERENCES locations(id) ON DELETE RESTRICT,
	qty_in numeric(20, 6) DEFAULT '0' NOT NULL,
	qty_out numeric(20, 6) DEFAULT '0' NOT NULL,
	value_in numeric(20, 4) DEFAULT '0' NOT NULL,
	value_out numeric(20, 4) DEFAULT '0' NOT NULL,
	moves integer DEFAULT 0 NOT NULL,
	CONSTRAINT stock_month_totals_pk PRIMARY KEY (company_id, month, product_id, location_id),
	CONSTRAINT stock_month_totals_month_start CHECK (month = date_trunc('month', month)::date)
);
--> statement-breakpoint
CREATE TABLE stock_balances (
	company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
	product_id integer NOT NULL REFERENCES products(id) ON DELETE RESTRICT,
	location_id integer NOT NULL REFERENCES locations(id) ON DELETE RESTRICT,
	qty numeric(20, 6) DEFAULT '0' NOT NULL,
	value numeric(20, 4) DEFAULT '0' NOT NULL,
	CONSTRAINT stock_balances_pk PRIMARY KEY (company_id, product_id, location_id)
);
--> statement-breakpoint
CREATE INDEX stock_month_totals_product_idx ON stock_month_totals (company_id, product_id, location_id, month);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stock_month_totals_add(c integer, m date, p integer, l integer, qi numeric, qo numeric, vi numeric, vo numeric, n integer)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO stock_month_totals AS t (company_id, month, product_id, location_id, qty_in, qty_out, value_in, value_out, moves)
  VALUES (c, date_trunc('month', m)::date, p, l, qi, qo, vi, vo, n)
  ON CONFLICT (company_id, month, product_id, location_id) DO UPDATE SET
    qty_in = t.qty_in + EXCLUDED.qty_in, qty_out = t.qty_out + EXCLUDED.qty_out,
    value_in = t.value_in + EXCLUDED.value_in, value_out = t.value_out + EXCLUDED.value_out, moves = t.moves + EXCLUDED.moves;
  INSERT INTO stock_balances AS b (company_id, product_id, location_id, qty, value) VALUES (c, p, l, qi - qo, vi - vo)
  ON CONFLICT (company_id, product_id, location_id) DO UPDATE SET qty = b.qty + EXCLUDED.qty, value = b.value + EXCLUDED.value
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stock_month_totals_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.company_id = OLD.company_id AND NEW.product_id = OLD.product_id AND NEW.location_id = OLD.location_id
     AND date_trunc('month', NEW.day) = date_trunc('month', OLD.day) THEN
    PERFORM stock_month_totals_add(NEW.company_id, NEW.day, NEW.product_id, NEW.location_id, NEW.qty_in - OLD.qty_in, NEW.qty_out - OLD.qty_out,
      NEW.value_in - OLD.value_in, NEW.value_out - OLD.value_out, NEW.moves - OLD.moves);
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM stock_month_totals_add(OLD.company_id, OLD.day, OLD.product_id, OLD.location_id, -OLD.qty_in, -OLD.qty_out, -OLD.value_in, -OLD.value_out, -OLD.moves);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM stock_month_totals_add(NEW.company_id, NEW.day, NEW.product_id, NEW.location_id, NEW.qty_in, NEW.qty_out, NEW.value_in, NEW.value_out, NEW.moves);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stock_day_totals_month AFTER INSERT OR UPDATE OR DELETE ON stock_day_totals
  FOR EACH ROW EXECUTE FUNCTION stock_month_totals_follow();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stock_month_totals_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE stock_month_totals, stock_balances;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stock_day_totals_month_truncate AFTER TRUNCATE ON stock_day_totals
  FOR EACH STATEMENT EXECUTE FUNCTION stock_month_totals_truncate();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stock_month_totals_rebuild(c integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE n integer;
BEGIN
  DELETE FROM stock_month_totals WHERE company_id = c;
  DELETE FROM stock_balances WHERE company_id = c;
  INSERT INTO stock_month_totals (company_id, month, product_id, location_id, qty_in, qty_out, value_in, value_out, moves)
  SELECT company_id, date_trunc('month', day)::date, product_id, location_id, sum(qty_in), sum(qty_out), sum(value_in), sum(value_out), sum(moves)
  FROM stock_day_totals WHERE company_id = c GROUP BY company_id, date_trunc('month', day), product_id, location_id;
  GET DIAGNOSTICS n = ROW_COUNT;
  INSERT INTO stock_balances (company_id, product_id, location_id, qty, value)
  SELECT company_id, product_id, location_id, sum(qty_in - qty_out), sum(value_in - value_out)
  FROM stock_month_totals WHERE company_id = c GROUP BY company_id, product_id, location_id;
  RETURN n;
END $$;
--> statement-breakpoint
INSERT INTO stock_month_totals (company_id, month, product_id, location_id, qty_in, qty_out, value_in, value_out, moves)
SELECT company_id, date_trunc('month', day)::date, product_id, location_id, sum(qty_in), sum(qty_out), sum(value_in), sum(value_out), sum(moves)
FROM stock_day_totals GROUP BY company_id, date_trunc('month', day), product_id, location_id;
--> statement-breakpoint
INSERT INTO stock_balances (company_id, product_id, location_id, qty, value)
SELECT company_id, product_id, location_id, sum(qty_in - qty_out), sum(value_in - value_out)
FROM stock_day_totals GROUP BY company_id, product_id, location_id;
