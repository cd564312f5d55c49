-- Closing stock per (company, half-month period, location, product), so a balance at any date reads one period's
-- closing rows plus at most 8 days of day totals, however long the history (stock-totals.ts):
--   stock_period_balances: the balance at the end of each period (the 15th, the month's end), a row for every
--   period from the pair's first period with stock totals to its last (dense: a period end is one row per pair);
--   stock_balances.last_period: the pair's last period; a pair idle since then is read from stock_balances.
-- The trigger of migration 0010 on stock_day_totals now keeps them too, in the posting transaction. The pair's
-- stock_balances row is upserted (and so locked) before its closing rows are touched: postings of one pair take
-- turns there, as they already did, so the closing rows follow every change exactly. A posting in the pair's
-- last period updates one row; a back-dated one updates the later periods of that pair only; the first posting
-- after idle periods copies the last closing into each of them.
-- stock_month_totals_rebuild(company) recomputes the month totals, stock_balances and the closing rows from the
-- day totals (after a bulk load, or by rebuildStockDayTotals).
CREATE TABLE "stock_period_balances" (
	"company_id" integer NOT NULL,
	"period" date NOT NULL,
	"location_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"qty" numeric(20, 6) DEFAULT '0' NOT NULL,
	"value" numeric(20, 4) DEFAULT '0' NOT NULL,
	CONSTRAINT "stock_period_balances_pk" PRIMARY KEY("company_id","period","location_id","product_id")
);

--> statement-breakpoint
CREATE INDEX "stock_period_balances_pair_idx" ON "stock_period_balances" USING btree ("company_id","product_id","location_id","period");
--> statement-breakpoint
ALTER TABLE stock_period_balances ADD CONSTRAINT stock_period_balances_company_fk FOREIGN KEY (company_id) REFERENCES companies(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE stock_period_balances ADD CONSTRAINT stock_period_balances_product_fk FOREIGN KEY (product_id) REFERENCES products(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE stock_period_balances ADD CONSTRAINT stock_period_balances_location_fk FOREIGN KEY (location_id) REFERENCES locations(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE stock_period_balances ADD CONSTRAINT stock_period_balances_period_start CHECK (extract(day FROM period) IN (1, 16));
--> statement-breakpoint
ALTER TABLE stock_balances ADD COLUMN last_period date;
--> statement-breakpoint
-- the period of day d: the 1st to the 15th, or the 16th to the month's end (named by its first day)
CREATE OR REPLACE FUNCTION stock_period(d date) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT d - extract(day FROM d)::int + CASE WHEN extract(day FROM d) < 16 THEN 1 ELSE 16 END
$$;
--> statement-breakpoint
-- the periods starting from a to b (both inclusive), in order
CREATE OR REPLACE FUNCTION stock_periods(a date, b date) RETURNS SETOF date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT x FROM generate_series((a - extract(day FROM a)::int + 1)::timestamp, b::timestamp, interval '1 month') m,
    LATERAL (VALUES (m::date), (m::date + 15)) v(x)
  WHERE x >= a AND x <= b ORDER BY x
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stock_month_totals_add(c integer, m date, p integer, l integer, qi numeric, qo numeric, vi numeric, vo numeric, n integer)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  pp date := stock_period(m); -- the period of day m
  later date;
  prev record;
BEGIN
  INSERT INTO stock_month_totals AS t (company_id, month, product_id, location_id, qty_in, qty_out, value_in, value_out, moves)
  VALUES (c, date_trunc('month', m)::date, p, l, qi, qo, vi, vo, n)
  ON CONFLICT (company_id, month, product_id, location_id) DO UPDATE SET
    qty_in = t.qty_in + EXCLUDED.qty_in, qty_out = t.qty_out + EXCLUDED.qty_out,
    value_in = t.value_in + EXCLUDED.value_in, value_out = t.value_out + EXCLUDED.value_out, moves = t.moves + EXCLUDED.moves;
  -- the pair's row: its balance today, and the lock under which its closing rows change
  INSERT INTO stock_balances AS b (company_id, product_id, location_id, qty, value, last_period) VALUES (c, p, l, qi - qo, vi - vo, pp)
  ON CONFLICT (company_id, product_id, location_id) DO UPDATE SET qty = b.qty + EXCLUDED.qty, value = b.value + EXCLUDED.value,
    last_period = greatest(b.last_period, EXCLUDED.last_period);
  -- closing rows of period pp and every later period of the pair
  WITH u AS (UPDATE stock_period_balances SET qty = qty + (qi - qo), value = value + (vi - vo)
    WHERE company_id = c AND product_id = p AND location_id = l AND period >= pp RETURNING period)
  SELECT min(period) INTO later FROM u;
  IF later = pp THEN RETURN; END IF;
  IF later IS NOT NULL THEN -- before the pair's first period: nothing was there, the periods up to it hold this change
    INSERT INTO stock_period_balances (company_id, period, location_id, product_id, qty, value)
    SELECT c, x, l, p, qi - qo, vi - vo FROM stock_periods(pp, later - 1) x;
    RETURN;
  END IF;
  -- after the pair's last period (or its first ever): the idle periods keep the last closing
  SELECT period, qty, value INTO prev FROM stock_period_balances
    WHERE company_id = c AND product_id = p AND location_id = l AND period < pp ORDER BY period DESC LIMIT 1;
  IF NOT FOUND THEN
    INSERT INTO stock_period_balances (company_id, period, location_id, product_id, qty, value) VALUES (c, pp, l, p, qi - qo, vi - vo);
  ELSE
    INSERT INTO stock_period_balances (company_id, period, location_id, product_id, qty, value)
    SELECT c, x, l, p, prev.qty + CASE WHEN x = pp THEN qi - qo ELSE 0 END, prev.value + CASE WHEN x = pp THEN vi - vo ELSE 0 END
    FROM stock_periods(prev.period + 1, pp) x;
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stock_month_totals_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE stock_month_totals, stock_balances, stock_period_balances;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stock_month_totals_rebuild(c integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE n integer;
BEGIN
  DELETE FROM stock_month_totals WHERE company_id = c;
  DELETE FROM stock_balances WHERE company_id = c;
  DELETE FROM stock_period_balances WHERE company_id = c;
  INSERT INTO stock_month_totals (company_id, month, product_id, location_id, qty_in, qty_out, value_in, value_out, moves)
  SELECT company_id, date_trunc('month', day)::date, product_id, location_id, sum(qty_in), sum(qty_out), sum(value_in), sum(value_out), sum(moves)
  FROM stock_day_totals WHERE company_id = c GROUP BY company_id, date_trunc('month', day), product_id, location_id;
  GET DIAGNOSTICS n = ROW_COUNT;
  INSERT INTO stock_balances (company_id, product_id, location_id, qty, value, last_period)
  SELECT company_id, product_id, location_id, sum(qty_in - qty_out), sum(value_in - value_out), stock_period(max(day))
  FROM stock_day_totals WHERE company_id = c GROUP BY company_id, product_id, location_id;
  -- every period from each pair's first to its last, the running sum of its day totals (written period by period,
  -- as postings would, so a period's rows lie together)
  INSERT INTO stock_period_balances (company_id, period, location_id, product_id, qty, value)
  WITH d AS (
    SELECT product_id, location_id, stock_period(day) AS period, sum(qty_in - qty_out) AS q, sum(value_in - value_out) AS v
    FROM stock_day_totals WHERE company_id = c GROUP BY 1, 2, 3)
  SELECT c, x, s.location_id, s.product_id, sum(coalesce(d.q, 0)) OVER w, sum(coalesce(d.v, 0)) OVER w
  FROM (SELECT product_id, location_id, min(period) AS first, max(period) AS last FROM d GROUP BY 1, 2) s
  CROSS JOIN LATERAL stock_periods(s.first, s.last) x
  LEFT JOIN d ON d.product_id = s.product_id AND d.location_id = s.location_id AND d.period = x
  WINDOW w AS (PARTITION BY s.product_id, s.location_id ORDER BY x)
  ORDER BY x, s.location_id, s.product_id;
  RETURN n;
END $$;
--> statement-breakpoint
SELECT stock_month_totals_rebuild(c) FROM (SELECT DISTINCT company_id AS c FROM stock_day_totals) x;
--> statement-breakpoint
ALTER TABLE stock_balances ALTER COLUMN last_period SET NOT NULL;
--> statement-breakpoint
CREATE INDEX stock_balances_last_period_idx ON stock_balances (company_id, last_period);
