"""psycopg2 against the nlsql proxy: a query, parameters, a question, an error then a query."""
import sys

import psycopg2

conn = psycopg2.connect(host="127.0.0.1", port=int(sys.argv[1]), user="postgres", dbname="test")
conn.autocommit = True
cur = conn.cursor()
cur.execute("SELECT count(*) FROM clients_demo")
assert cur.fetchone()[0] == 3
cur.execute("SELECT name FROM clients_demo WHERE qty = %s AND name = %s", (2, "item 2"))
assert cur.fetchall() == [("item 2",)]
cur.execute("how many clients demo are there?")
assert cur.fetchone()[0] == 3
assert any("answered by" in n for n in conn.notices), conn.notices
try:
    cur.execute("SELECT nope FROM clients_demo")
    raise SystemExit("no error")
except psycopg2.Error as e:
    assert e.pgcode == "42703", e.pgcode
cur.execute("SELECT 41 + 1")
assert cur.fetchone()[0] == 42
conn.close()
print("psycopg2 ok")
