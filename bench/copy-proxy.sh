#!/usr/bin/env bash
# COPY at wire speed: wall-clock seconds of `pgbench -i -s $SCALE` (its client-side generate step is one
# COPY FROM STDIN of SCALE x 100,000 rows) and of psql's \copy of $ROWS rows out of a table and back in,
# against PostgreSQL directly and through the nlsql proxy, in the same run, alternating the two, the
# median of $ROUNDS rounds each. Prints the ratio proxy/direct per operation (the aim: 1.3 at most).
# Needs a built tree (mvn -B -q package -DskipTests), PostgreSQL on 127.0.0.1:5432 (trust for postgres),
# pgbench and psql.
set -euo pipefail
cd "$(dirname "$0")/.."
SCALE=${SCALE:-10}
ROWS=${ROWS:-1000000}
ROUNDS=${ROUNDS:-3}
PORT=${PORT:-6546}
DB=${DB:-nlsql_copybench}
work=$(mktemp -d)
proxy_pid=
trap '[ -n "$proxy_pid" ] && kill "$proxy_pid" 2>/dev/null; rm -rf "$work"' EXIT

admin() { psql -X -h 127.0.0.1 -U postgres -d postgres -Atqc "$1"; }
admin "DROP DATABASE IF EXISTS $DB" >/dev/null
admin "CREATE DATABASE $DB"
psql -X -h 127.0.0.1 -U postgres -d "$DB" -qc "CREATE TABLE copy_src (id int, name text, amount numeric, note text);
  CREATE TABLE copy_in (LIKE copy_src);
  INSERT INTO copy_src SELECT g, 'name ' || g, g * 1.25, CASE WHEN g % 5 = 0 THEN NULL ELSE repeat('ü', g % 20) END
  FROM generate_series(1, $ROWS) g"

java -jar proxy-server/target/nlsql-proxy.jar --backend "jdbc:postgresql://127.0.0.1:5432/$DB" --port "$PORT" \
  -p nlsql.llm=offline >"$work/proxy.log" 2>&1 &
proxy_pid=$!
for _ in $(seq 1 60); do (echo >/dev/tcp/127.0.0.1/"$PORT") 2>/dev/null && break; sleep 0.5; done

seconds() { # command...: its wall-clock seconds; its output goes to the work folder, a failure stops the run
  local t0 t1
  t0=$(date +%s.%N)
  "$@" >>"$work/out.log" 2>&1 || { echo "failed: $*" >&2; tail -20 "$work/out.log" >&2; exit 1; }
  t1=$(date +%s.%N)
  echo "$t1 - $t0" | bc
}
pgbench_init() { seconds pgbench -i -s "$SCALE" -q -h 127.0.0.1 -p "$1" -U postgres "$DB"; }
copy_out() { seconds psql -X -q -h 127.0.0.1 -p "$1" -U postgres -d "$DB" -c "\\copy copy_src to '$work/rows.txt'"; }
copy_in() {
  psql -X -q -h 127.0.0.1 -p 5432 -U postgres -d "$DB" -c "TRUNCATE copy_in"
  seconds psql -X -q -h 127.0.0.1 -p "$1" -U postgres -d "$DB" -c "\\copy copy_in from '$work/rows.txt'"
}
median() { sort -n | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }

printf "%-28s %10s %10s %8s\n" operation direct_s proxy_s ratio
for op in pgbench_init copy_out copy_in; do
  : >"$work/direct"; : >"$work/proxy"
  for _ in $(seq 1 "$ROUNDS"); do
    $op 5432 >>"$work/direct"
    $op "$PORT" >>"$work/proxy"
  done
  d=$(median <"$work/direct"); p=$(median <"$work/proxy")
  case $op in
    pgbench_init) name="pgbench -i -s $SCALE" ;;
    copy_out) name="\\copy $ROWS rows out" ;;
    copy_in) name="\\copy $ROWS rows in" ;;
  esac
  printf "%-28s %10.2f %10.2f %8.2f\n" "$name" "$d" "$p" "$(echo "$p / $d" | bc -l)"
done
rows=$(psql -X -h 127.0.0.1 -U postgres -d "$DB" -Atc "SELECT count(*) FROM copy_in")
[ "$rows" = "$ROWS" ] || { echo "copy_in holds $rows rows, not $ROWS" >&2; exit 1; }
admin "DROP DATABASE $DB" >/dev/null
