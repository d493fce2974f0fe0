#!/usr/bin/env python3
"""Writes examples/src/test/resources/cross-db/questions.jsonl: the defog questions of the split
databases (cross-db/splits.json) that read both parts, or only part b, each with a gold plan.

Mechanical where it can be: one step per table on its part (the columns the gold SQL names, plus
the single-table filters listed in PUSH), then a local step that is the gold SQL with each table
read from its step. Questions H2 cannot run that way, or that aggregate better at the source, have
hand-written plans in MANUAL. CrossDatabasePlansIT checks every plan against the unsplit gold.
Reads the defog CSV files and <db>.json (column lists).
Run: python3 examples/src/test/scripts/cross_db_plans.py  (from the repository root)
"""
import csv, json, os, re, subprocess, sys

ROOT = os.path.dirname(os.path.abspath(__file__)) + "/../resources/cross-db"
DEFOG = os.environ.get("NLSQL_BENCHMARKS_DIR", "/work/shared/benchmarks") + "/defog"
SPLITS = json.load(open(ROOT + "/splits.json"))

# (db, number within the db in file order: basic 1-10, advanced 11-26) -> {table: filter pushed to its step}
PUSH = {
    ("broker", 1): {"sbtransaction": "sbTxDateTime >= CURRENT_DATE - INTERVAL '30 days'"},
    ("broker", 5): {"sbtransaction": "sbTxType = 'buy'"},
    ("broker", 6): {"sbdailyprice": "sbDpDate >= '2023-04-01'"},
    ("broker", 12): {"sbtransaction": "sbTxType = 'buy' AND sbTxDateTime >= CURRENT_DATE - INTERVAL '10 days'"},
    ("broker", 14): {"sbdailyprice": "sbDpDate BETWEEN '2023-04-01' AND '2023-04-04'"},
    ("broker", 18): {"sbcustomer": "sbCustCountry = 'USA'"},
    ("broker", 24): {"sbdailyprice": "sbDpDate >= CURRENT_DATE - INTERVAL '6 days'"},
    ("broker", 25): {"sbcustomer": "sbCustJoinDate BETWEEN '2022-01-01' AND '2022-12-31'"},
    ("broker", 26): {"sbtransaction": "sbTxType = 'sell' AND sbTxDateTime >= CURRENT_DATE - INTERVAL '1 month'"},
    ("car_dealership", 1): {"sales": "sale_date >= CURRENT_DATE - INTERVAL '3 months'"},
    ("car_dealership", 2): {"sales": "sale_date >= CURRENT_DATE - INTERVAL '30 days'"},
    ("car_dealership", 6): {"payments_received": "payment_method = 'cash'"},
    ("car_dealership", 18): {"cars": "make = 'Toyota'", "sales": "sale_date BETWEEN CURRENT_DATE - INTERVAL '30 days' AND CURRENT_DATE"},
    ("car_dealership", 21): {"cars": "LOWER(make) LIKE '%ford%' OR LOWER(model) LIKE '%mustang%'"},
    ("car_dealership", 22): {"cars": "LOWER(vin_number) LIKE '%m5%'"},
    ("car_dealership", 26): {"sales": "EXTRACT(YEAR FROM sale_date) = 2023"},
}

# hand-written plans: [(source, sql)], the last one the answer
MANUAL = {
    # aggregated at the source, joined to the ticker names locally
    ("broker", 3): [
        ("b", "SELECT sbTxTickerId, COUNT(sbTxId) AS num_transactions, SUM(sbTxAmount) AS total_amount FROM sbTransaction GROUP BY sbTxTickerId"),
        ("main", "SELECT sbTickerId, sbTickerSymbol FROM sbTicker"),
        ("local", "SELECT tk.sbTickerSymbol, SUM(s.num_transactions) AS num_transactions, SUM(s.total_amount) AS total_amount "
                  "FROM step1 s JOIN step2 tk ON tk.sbTickerId = s.sbTxTickerId GROUP BY tk.sbTickerSymbol ORDER BY total_amount DESC LIMIT 10"),
    ],
    # the monthly statistics computed where the prices are (DATE_TRUNC on PostgreSQL), LAG locally
    ("broker", 15): [
        ("b", "SELECT DATE_TRUNC('month', sbDpDate) AS month, sbDpTickerId, AVG(sbDpClose) AS avg_close, MAX(sbDpHigh) AS max_high, "
              "MIN(sbDpLow) AS min_low FROM sbDailyPrice GROUP BY 1, sbDpTickerId"),
        ("main", "SELECT sbTickerId, sbTickerSymbol FROM sbTicker"),
        ("local", "SELECT t.sbTickerSymbol, mps.month, mps.avg_close, mps.max_high, mps.min_low, (mps.avg_close - LAG(mps.avg_close) "
                  "OVER (PARTITION BY mps.sbDpTickerId ORDER BY mps.month)) / LAG(mps.avg_close) OVER (PARTITION BY mps.sbDpTickerId "
                  "ORDER BY mps.month) AS mom_change FROM step1 mps JOIN step2 t ON mps.sbDpTickerId = t.sbTickerId"),
    ],
    # the week's bounds taken where the transactions are: H2's DATE_TRUNC('week') starts weeks on Sunday, PostgreSQL's on Monday
    ("broker", 18): [
        ("main", "SELECT sbCustId FROM sbCustomer WHERE sbCustCountry = 'USA'"),
        ("b", "SELECT sbTxId, sbTxCustId, sbTxAmount FROM sbTransaction WHERE sbTxDateTime BETWEEN DATE_TRUNC('week', CURRENT_DATE) - INTERVAL '1 week' "
              "AND DATE_TRUNC('week', CURRENT_DATE) - INTERVAL '1 millisecond'"),
        ("local", "SELECT COUNT(t.sbTxId) AS num_transactions, SUM(t.sbTxAmount) AS total_amount FROM step2 t JOIN step1 c ON t.sbTxCustId = c.sbCustId"),
    ],
    # the day of week taken at the source: PostgreSQL's dow numbering
    ("broker", 19): [
        ("main", "SELECT sbTickerId FROM sbTicker WHERE sbTickerType = 'stock'"),
        ("b", "SELECT sbTxId, sbTxTickerId, DATE_TRUNC('week', sbTxDateTime) AS week, EXTRACT(dow FROM sbTxDateTime) AS dow FROM sbTransaction "
              "WHERE sbTxDateTime >= DATE_TRUNC('week', CURRENT_DATE) - INTERVAL '8 weeks' AND sbTxDateTime < DATE_TRUNC('week', CURRENT_DATE)"),
        ("local", "SELECT t.week, COUNT(t.sbTxId) AS num_transactions, COUNT(CASE WHEN t.dow IN (0, 6) THEN 1 END) AS weekend_transactions "
                  "FROM step2 t JOIN step1 tk ON t.sbTxTickerId = tk.sbTickerId GROUP BY t.week"),
    ],
    # the FAANG symbols matched where the tickers are (a PostgreSQL regular expression)
    ("broker", 21): [
        ("main", "SELECT sbCustId FROM sbCustomer WHERE sbCustEmail LIKE '%.com'"),
        ("main", "SELECT sbTickerId FROM sbTicker WHERE sbTickerSymbol ~ '(AMZN|AAPL|GOOGL|META|NFLX)'"),
        ("b", "SELECT sbTxCustId, sbTxTickerId FROM sbTransaction"),
        ("local", "SELECT COUNT(DISTINCT t.sbTxCustId) FROM step3 t JOIN step1 c ON t.sbTxCustId = c.sbCustId JOIN step2 tk ON t.sbTxTickerId = tk.sbTickerId"),
    ],
    # the month series made on PostgreSQL (generate_series), the sales counted locally
    ("car_dealership", 17): [
        ("main", "SELECT generate_series(date_trunc('month', CURRENT_DATE - interval '6 months'), date_trunc('month', CURRENT_DATE - interval '1 month'), "
                 "'1 month')::DATE AS month_start"),
        ("main", "SELECT id FROM salespersons WHERE EXTRACT(YEAR FROM hire_date) BETWEEN 2022 AND 2023"),
        ("b", "SELECT id, salesperson_id, sale_price, date_trunc('month', sale_date)::DATE AS sale_month FROM sales "
              "WHERE sale_date >= date_trunc('month', CURRENT_DATE - interval '6 months') AND sale_date < date_trunc('month', CURRENT_DATE)"),
        ("local", "WITH sales_metrics AS (SELECT s.sale_month, COUNT(s.id) AS PMSPS, SUM(s.sale_price) AS PMSR FROM step3 s JOIN step2 sp "
                  "ON s.salesperson_id = sp.id GROUP BY s.sale_month) SELECT dr.month_start, COALESCE(sm.PMSPS, 0) AS PMSPS, "
                  "COALESCE(sm.PMSR, 0) AS PMSR FROM step1 dr LEFT JOIN sales_metrics sm ON dr.month_start = sm.sale_month ORDER BY dr.month_start ASC"),
    ],
    # the sales over $30,000 and the weeks and days of week of the payments taken at their sources
    ("car_dealership", 19): [
        ("b", "SELECT id FROM sales WHERE sale_price > 30000"),
        ("main", "SELECT id, sale_id, DATE_TRUNC('week', payment_date) AS week, EXTRACT(dow FROM payment_date) AS dow FROM payments_received "
                 "WHERE payment_date >= DATE_TRUNC('week', CURRENT_DATE) - INTERVAL '8 weeks' AND payment_date < DATE_TRUNC('week', CURRENT_DATE)"),
        ("local", "SELECT p.week, COUNT(p.id) AS total_payments, COUNT(CASE WHEN p.dow IN (0, 6) THEN 1 END) AS weekend_payments "
                  "FROM step2 p JOIN step1 s ON p.sale_id = s.id GROUP BY p.week ORDER BY p.week"),
    ],
}

# local steps rewritten by hand where the mechanical one means something else on H2
LOCAL = {
    # date - date is a whole number of days on PostgreSQL, an INTERVAL on H2 (ROUND refuses it): DATEDIFF counts the days
    ("car_dealership", 11): "WITH sale_payments AS (SELECT s.id AS sale_id, s.sale_date, MAX(p.payment_date) AS latest_payment_date FROM step1 s "
                            "JOIN step2 p ON s.id = p.sale_id GROUP BY 1,2) SELECT ROUND(AVG(DATEDIFF('DAY', sale_date, latest_payment_date)), 2) "
                            "AS avg_days_to_payment FROM sale_payments",
}

KEYWORDS = {"join", "left", "right", "inner", "outer", "full", "cross", "on", "where", "group", "order", "limit", "using", "natural", "union", "having", "window"}


def columns(db, table):
    meta = json.load(open(DEFOG + "/" + db + "/" + db + ".json", encoding="utf-8"))["table_metadata"]
    for name, cols in meta.items():
        if name.lower() == table:
            return [c["column_name"].lower() for c in cols]
    raise KeyError(table)


def tables_in(db, sql):
    found = []
    for m in re.finditer(r"\b(?:FROM|JOIN)\s+(\w+)", sql, re.I):
        t = m.group(1).lower()
        if t in SPLITS[db]["a"] + SPLITS[db]["b"] and t not in found:
            found.append(t)
    return found


def source(db, table):
    return "main" if table in SPLITS[db]["a"] else "b"


def mechanical(db, n, sql):
    tables = tables_in(db, sql)
    push = PUSH.get((db, n), {})
    steps, number = [], {}
    words = {w.lower() for w in re.findall(r"\w+", sql)}
    for t in tables:
        cols = [c for c in columns(db, t) if c in words] or columns(db, t)[:1]
        q = "SELECT " + ", ".join(cols) + " FROM " + t + (" WHERE " + push[t] if t in push else "")
        steps.append({"purpose": "the " + t + " rows the answer needs", "source": source(db, t), "sql": q})
        number[t] = len(steps)

    def replace(m):
        keyword, table = m.group(1), m.group(2)
        t = table.lower()
        if t not in number:
            return m.group(0)
        nxt = re.match(r"\s+(\w+)", sql[m.end():])
        aliased = nxt is not None and nxt.group(1).lower() not in KEYWORDS
        return keyword + " step" + str(number[t]) + ("" if aliased else " " + table)

    local = for_h2(re.sub(r"\b(FROM|JOIN)\s+(\w+)\b", replace, sql, flags=re.I))
    steps.append({"purpose": "join the parts and answer", "source": "local", "sql": LOCAL.get((db, n), local)})
    return steps


UNITS = {"day": "DAY", "days": "DAY", "week": "WEEK", "weeks": "WEEK", "month": "MONTH", "months": "MONTH", "year": "YEAR",
         "years": "YEAR"}


def for_h2(sql):
    """PostgreSQL SQL as H2 2.4 (PostgreSQL mode) reads it: INTERVAL '30 days' is INTERVAL '30' DAY there (PostgreSQL
    reads both), and year, month and week are reserved words there, so they are quoted where they name a column."""
    def interval(m):
        n, unit = m.group(1), m.group(2).lower()
        if unit in ("millisecond", "milliseconds"):
            return "INTERVAL '%s' SECOND" % (float(n) / 1000)
        if UNITS[unit] == "WEEK":  # H2 has no WEEK interval
            return "INTERVAL '%d' DAY" % (int(n) * 7)
        return "INTERVAL '%s' %s" % (n, UNITS[unit])
    sql = re.sub(r"(?i)INTERVAL\s+'(\d+)\s+(\w+)'", interval, sql)
    sql = re.sub(r"(?i)(\bAS\s+|\.|\bGROUP BY\s+|\bORDER BY\s+)(year|month|week)\b(?!\s*\()", lambda m: m.group(1) + '"' + m.group(2).lower() + '"', sql)
    return sql


def main():
    out = []
    for f in ["instruct_basic_postgres.csv", "instruct_advanced_postgres.csv"]:
        for r in csv.DictReader(open(DEFOG + "/" + f, encoding="utf-8")):
            db = r["db_name"]
            if db not in SPLITS:
                continue
            n = sum(1 for q in out_all if q == db) + 1
            out_all.append(db)
            gold = r["query"]
            first = [s for s in gold.split(";") if s.strip()][0].strip()
            tables = set()
            for alt in gold.split(";"):
                tables |= set(tables_in(db, alt))
            sides = {source(db, t) for t in tables}
            if sides == {"main"}:
                continue  # reads part a only: the connection's own database, nothing to measure here
            if sides == {"b"}:
                plan = {"answerable": True, "source": "b", "sql": first}
                kind = "b_only"
            else:
                manual = MANUAL.get((db, n))
                steps = [{"purpose": "join the parts and answer" if m[0] == "local" else "the rows needed from " + m[0], "source": m[0], "sql": for_h2(m[1]) if m[0] == "local" else m[1]}
                         for i, m in enumerate(manual)] if manual \
                    else mechanical(db, n, first)
                plan = {"answerable": True, "steps": steps}
                kind = "cross"
            out.append({"question": r["question"], "gold_sql": gold, "gold_plan": plan, "db": db,
                        "category": r["query_category"], "instructions": r.get("instructions", ""), "kind": kind,
                        "defog": f + "#" + str(n)})
    with open(ROOT + "/questions.jsonl", "w", encoding="utf-8") as w:
        for q in out:
            w.write(json.dumps(q, ensure_ascii=False) + "\n")
    print(len(out), "questions:", sum(q["kind"] == "cross" for q in out), "cross,", sum(q["kind"] == "b_only" for q in out), "on b only",
          file=sys.stderr)


out_all = []
if __name__ == "__main__":
    main()
