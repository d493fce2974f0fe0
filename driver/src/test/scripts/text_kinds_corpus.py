#!/usr/bin/env python3
"""Builds driver/src/test/resources/text-kinds-corpus.tsv, the labelled set TextKindCorpusTest measures.

Sources: the defog benchmark CSVs and schema scripts (/work/shared/benchmarks/defog, read-only), the Northwind gold
set, psql -E output saved in text-kinds-psql.sql (\\d, \\dt, \\df, \\l, \\du, \\dn, \\dv, \\di and more, PostgreSQL 16),
the older text-kinds-sql.txt / text-kinds-question.txt, and the hand-written texts in text-kinds-hand.tsv.
Format: label<TAB>text; labels sql, mistyped, question; in text, \\n is a line break, \\t a tab, \\\\ a backslash.
"""
import csv, glob, os, re, sys

here = os.path.dirname(os.path.abspath(__file__))
res = os.path.join(here, '..', 'resources')
defog = sys.argv[1] if len(sys.argv) > 1 else '/work/shared/benchmarks/defog'

def esc(s):
    return s.replace('\\', '\\\\').replace('\t', '\\t').replace('\r\n', '\n').replace('\n', '\\n')

rows = []
def add(label, text, source):
    text = text.strip('\n')
    if text.strip():
        rows.append((label, text, source))

for f in sorted(glob.glob(os.path.join(defog, '*.csv'))):
    for r in csv.DictReader(open(f, encoding='utf-8')):
        add('sql', r['query'], 'defog gold')
        add('question', r['question'], 'defog question')

# schema scripts: every statement (DDL, INSERT ... VALUES), with its leading comments
for f in sorted(glob.glob(os.path.join(defog, '*', '*.sql'))):
    text = open(f, encoding='utf-8').read()
    for stmt in re.split(r';\s*\n', text):
        if stmt.strip() and not all(l.strip().startswith('--') or not l.strip() for l in stmt.splitlines()):
            add('sql', stmt if len(stmt) < 4000 else stmt[:stmt.rfind('),', 0, 4000) + 1], 'defog schema')

for line in open(os.path.join(res, 'northwind-gold.tsv'), encoding='utf-8'):
    if line.startswith('#') or '\t' not in line:
        continue
    q, s = line.rstrip('\n').split('\t', 1)
    add('question', q, 'northwind question')
    add('sql', s, 'northwind gold')

for stmt in open(os.path.join(res, 'text-kinds-psql.sql'), encoding='utf-8').read().split('\n;\n'):
    add('sql', stmt, 'psql -E')

for name, label in (('text-kinds-sql.txt', 'sql'), ('text-kinds-question.txt', 'question')):
    for line in open(os.path.join(res, name), encoding='utf-8'):
        line = line.rstrip('\n')
        if line.strip() and not line.startswith('#'):
            # the old SQL list holds some typos; they are mistyped SQL here
            lab = label
            if label == 'sql' and re.match(r'(?i)\s*(selct\b|selec\b|select \* form\b|select nme\b)', line):
                lab = 'mistyped'
            add(lab, line.replace('\\n', '\n'), name)

for line in open(os.path.join(here, 'text-kinds-hand.tsv'), encoding='utf-8'):
    line = line.rstrip('\n')
    if line.strip() and not line.startswith('#'):
        label, text = line.split('\t', 1)
        add(label, text.replace('\\n', '\n').replace('\\t', '\t'), 'hand-written')

seen = set()
out = open(os.path.join(res, 'text-kinds-corpus.tsv'), 'w', encoding='utf-8')
out.write('# Labelled texts for TextKindCorpusTest, built by driver/src/test/scripts/text_kinds_corpus.py.\n')
out.write('# label<TAB>text; labels: sql (PostgreSQL takes it as SQL), mistyped (SQL with a typo: must reach the database\n')
out.write('# for its own 42601), question. In text: \\n = line break, \\t = tab, \\\\ = backslash.\n')
for label, text, source in rows:
    if text in seen:
        continue
    seen.add(text)
    out.write(label + '\t' + esc(text) + '\n')
out.close()
from collections import Counter
print(Counter(r[0] for r in rows if True), len(seen))
