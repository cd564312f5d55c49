CREATE TABLE "sales_product_months" (
	"company_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"month" date NOT NULL,
	"quantity" numeric(24, 6) DEFAULT '0' NOT NULL,
	"amount" numeric(24, 4) DEFAULT '0' NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_product_months_company_id_product_id_month_pk" PRIMARY KEY("company_id","product_id","month")
);

--> statement-breakpoint
CREATE INDEX "sales_product_months_month_idx" ON "sales_product_months" USING btree ("company_id","month");
--> statement-breakpoint
-- hand-written below

-- from migrations/0023_sales_reports.sql
-- the salesperson report reads the lines of one salesperson over a period
CREATE INDEX IF NOT EXISTS "sales_order_lines_salesperson_idx" ON "sales_order_lines" ("company_id", "salesperson_id", "order_date");--> statement-breakpoint
ALTER TABLE "sales_product_months" DROP CONSTRAINT IF EXISTS "sales_product_months_company_fk";--> statement-breakpoint
ALTER TABLE "sales_product_months" ADD CONSTRAINT "sales_product_months_company_fk" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE cascade;--> statement-breakpoint
-- sales_product_months = the counted (confirmed or completed) orders' lines per product and month.
-- An order entering (+1) or leaving (-1) the counted states adds or takes away its lines, one order per product;
-- rows in ascending (product, month) order (lock kind 'sales totals', core/db/lock-order.ts).
CREATE OR REPLACE FUNCTION sales_product_months_apply(p_order integer, p_sign integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO sales_product_months AS t (company_id, product_id, month, quantity, amount, orders)
  SELECT company_id, product_id, date_trunc('month', order_date)::date, p_sign * sum(base_quantity), p_sign * sum(subtotal), p_sign
  FROM sales_order_lines WHERE order_id = p_order GROUP BY 1, 2, 3 ORDER BY 2, 3
  ON CONFLICT (company_id, product_id, month) DO UPDATE SET quantity = t.quantity + excluded.quantity,
    amount = t.amount + excluded.amount, orders = t.orders + excluded.orders
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION sales_orders_counted_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IN ('confirmed', 'completed') THEN PERFORM sales_product_months_apply(NEW.id, 1);
  ELSE PERFORM sales_product_months_apply(NEW.id, -1); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS sales_orders_counted ON sales_orders;--> statement-breakpoint
CREATE TRIGGER sales_orders_counted AFTER UPDATE OF status ON sales_orders FOR EACH ROW
  WHEN ((OLD.status IN ('confirmed', 'completed')) IS DISTINCT FROM (NEW.status IN ('confirmed', 'completed')))
  EXECUTE FUNCTION sales_orders_counted_trg();--> statement-breakpoint
-- lines written into or taken from an order that already counts (lines are rewritten only as a draft or pending
-- today): the (product, month) rows they touch are recomputed from the lines, whatever wrote them
CREATE OR REPLACE FUNCTION sales_product_months_refresh(p_company integer, p_products integer[], p_months date[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM sales_product_months t USING unnest(p_products, p_months) k(p, m)
    WHERE t.company_id = p_company AND t.product_id = k.p AND t.month = k.m;
  INSERT INTO sales_product_months (company_id, product_id, month, quantity, amount, orders)
  SELECT p_company, l.product_id, date_trunc('month', l.order_date)::date, sum(l.base_quantity), sum(l.subtotal), count(DISTINCT l.order_id)::int
  FROM unnest(p_products, p_months) k(p, m)
  JOIN sales_order_lines l ON l.company_id = p_company AND l.product_id = k.p AND l.order_date >= k.m AND l.order_date < k.m + interval '1 month'
  JOIN sales_orders o ON o.id = l.order_id AND o.status IN ('confirmed', 'completed')
  GROUP BY 2, 3 ORDER BY 2, 3
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION sales_order_lines_counted_trg() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  FOR r IN SELECT c.company_id, array_agg(c.product_id ORDER BY c.product_id, c.m) AS ps, array_agg(c.m ORDER BY c.product_id, c.m) AS ms
      FROM (SELECT DISTINCT ch.company_id, ch.product_id, date_trunc('month', ch.order_date)::date AS m
            FROM changed ch JOIN sales_orders o ON o.id = ch.order_id AND o.status IN ('confirmed', 'completed')) c
      GROUP BY c.company_id
  LOOP
    PERFORM sales_product_months_refresh(r.company_id, r.ps, r.ms);
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS sales_order_lines_counted_ins ON sales_order_lines;--> statement-breakpoint
DROP TRIGGER IF EXISTS sales_order_lines_counted_del ON sales_order_lines;--> statement-breakpoint
CREATE TRIGGER sales_order_lines_counted_ins AFTER INSERT ON sales_order_lines REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION sales_order_lines_counted_trg();--> statement-breakpoint
CREATE TRIGGER sales_order_lines_counted_del AFTER DELETE ON sales_order_lines REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION sales_order_lines_counted_trg();--> statement-breakpoint
-- existing companies: the totals of what they have already confirmed
DELETE FROM sales_product_months;--> statement-breakpoint
INSERT INTO sales_product_months (company_id, product_id, month, quantity, amount, orders)
SELECT l.company_id, l.product_id, date_trunc('month', l.order_date)::date, sum(l.base_quantity), sum(l.subtotal), count(DISTINCT l.order_id)::int
FROM sales_order_lines l JOIN sales_orders o ON o.id = l.order_id WHERE o.status IN ('confirmed', 'completed') GROUP BY 1, 2, 3;
