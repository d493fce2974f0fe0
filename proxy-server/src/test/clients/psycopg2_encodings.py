"""psycopg2 in client encodings other than UTF-8: set at connect (client_encoding) and by set_client_encoding.

Prints a transcript of what it saw, one line per step, for the test to compare directly and through the proxy.
With "questions", it also asks questions the offline model answers (proxy only)."""
import sys

import psycopg2

port, questions = int(sys.argv[1]), len(sys.argv) > 2 and sys.argv[2] == "questions"


def step(cur, label, sql, params=None):
    try:
        cur.execute(sql, params)
        rows = cur.fetchall() if cur.description else cur.statusmessage
        print(label, "ok", rows)
    except psycopg2.Error as e:
        print(label, "error", e.pgcode, e.diag.message_primary)


conn = psycopg2.connect(host="127.0.0.1", port=port, user="postgres", dbname="test", client_encoding="LATIN1")
conn.autocommit = True
cur = conn.cursor()
print("startup", conn.encoding, conn.get_parameter_status("client_encoding"))
step(cur, "latin1 literal", "SELECT %s::text || 'é' AS w, length(%s)", ("café", "café"))
step(cur, "latin1 row", "SELECT word FROM enc_words WHERE id = 1")
step(cur, "latin1 untranslatable", "SELECT word FROM enc_words WHERE id = 2")
step(cur, "latin1 after error", "SELECT count(*) FROM enc_words")
if questions:
    step(cur, "latin1 question", "how many enc words are there?")
    step(cur, "latin1 question untranslatable", "show all enc words")
    step(cur, "latin1 after question", "SELECT 41 + 1")
for encoding, word_id, lacking_id in (("WIN1252", 4, 3), ("KOI8", 2, 1), ("EUC_JP", 3, 4), ("UNICODE", 3, 2)):
    conn.set_client_encoding(encoding)
    print(encoding, "set", conn.encoding, conn.get_parameter_status("client_encoding"))
    step(cur, encoding + " row", "SELECT word FROM enc_words WHERE id = %s", (word_id,))
    step(cur, encoding + " parameter", "SELECT id FROM enc_words WHERE word = %s", (["", "café", "привет", "日本語", "€uro"][word_id],))
    step(cur, encoding + " untranslatable", "SELECT word FROM enc_words WHERE id = %s", (lacking_id,))
    if questions:
        step(cur, encoding + " question", "show all enc words")
        step(cur, encoding + " question count", "how many enc words are there?")
conn.close()
print("psycopg2 encodings ok")
