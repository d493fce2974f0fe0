#!/usr/bin/env python3
"""Every distinct statement a client library's own test suite sent to PostgreSQL, for TextKindGrammarRuleIT.

Run pgjdbc's suite (../shared/suites/pgjdbc/run.sh direct) with `ALTER ROLE <suite role> SET log_statement = 'all'`,
then: client_suite_statements.py <server log> <suite role> > driver/src/test/resources/client-suite-statements.tsv
Reads PostgreSQL's stderr log (log_line_prefix '%m [%p] %q%u@%d '): `statement: ...` (simple protocol) and
`execute <name>: ...` (extended protocol) records of that role, and the STATEMENT record after an error (a text
the parser refuses is never logged as a statement), continuation lines included.
"""
import re
import sys

log, role = sys.argv[1], sys.argv[2]
record = re.compile(r'^\d{4}-\d\d-\d\d [\d:.]+ \S+ \[\d+\] (\S*)@(\S*) ([A-Z]+):  (.*)$')
opening = re.compile(r'^(?:statement|execute [^:]*): (.*)$', re.S)
seen, order, current = set(), [], None


def finish():
    # the few statements over 2,000 characters are generated batches (6.4 MB of the 6.8): left out to keep the file small
    if current is not None and current.strip() and len(current) <= 2000 and current not in seen:
        seen.add(current)
        order.append(current)


with open(log, encoding='utf-8', errors='replace') as f:
    for line in f:
        line = line.rstrip('\n')
        m = record.match(line)
        if m:
            finish()
            current = None
            user, _, level, message = m.groups()
            o = opening.match(message)
            if user == role and level == 'LOG' and o:
                current = o.group(1)
            elif user == role and level == 'STATEMENT':  # a text the parser refused is logged only after its error
                current = message
        elif current is not None and line.startswith('\t'):
            current += '\n' + line[1:]
    finish()

print('# Every distinct statement pgjdbc\'s own test suite (REL42.7.13, BSD 2-clause; ../shared/suites/pgjdbc) sent to')
print('# PostgreSQL in one direct run, from the server log (driver/src/test/scripts/client_suite_statements.py).')
print('# Statements over 2,000 characters (34 generated batches) are left out. One text a line; \\n = line break, \\t = tab, \\\\ = backslash.')
for s in order:
    print(s.replace('\\', '\\\\').replace('\n', '\\n').replace('\t', '\\t').replace('\r', '\\r'))
