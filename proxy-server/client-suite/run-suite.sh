#!/usr/bin/env bash
# Runs every test of libpqxx's suite (built by fetch.sh), each in its own process with a time limit, against the server
# that PGHOST/PGPORT/PGUSER/PGDATABASE name (libpqxx's tests connect with libpq's defaults).
# usage: run-suite.sh BIN_DIR OUT_DIR
# Writes OUT_DIR/results.tsv (name<TAB>pass|fail|skip|timeout) and OUT_DIR/logs/NAME.log; prints a one-line summary.
# "skip": the test ended well but reported a feature as unsupported (libpqxx's runner counts it as not run).
set -uo pipefail
bin=$1; out=$2
limit=${NLSQL_CLIENT_SUITE_TEST_TIMEOUT:-30}
mkdir -p "$out/logs"; : > "$out/results.tsv"
while read -r runner name; do
  log="$out/logs/$name.log"
  (cd "$out" && timeout -k 2 "$limit" "$bin/$runner" "$name" > "$log" 2>&1 < /dev/null)
  rc=$?
  if [ $rc = 124 ] || [ $rc = 137 ]; then status=timeout
  elif [ $rc != 0 ]; then status=fail
  elif ! grep -q "^Running: $name\$" "$log"; then status=fail   # the runner did not know the test
  elif grep -q '^Not testing unsupported feature' "$log"; then status=skip
  else status=pass; fi
  printf '%s\t%s\n' "$name" "$status" >> "$out/results.tsv"
done < "$bin/tests.txt"
awk -F'\t' '{n++; c[$2]++} END {printf "%d run, %d passed, %d failed, %d skipped\n", n, c["pass"], c["fail"]+c["timeout"], c["skip"]}' "$out/results.tsv"
