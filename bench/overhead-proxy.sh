#!/usr/bin/env bash
# A question's fixed cost (nlsql-bench overhead) through JDBC and through a proxy, for one or more builds in turn, so a
# before/after table comes from one run on one machine. Each round asks every build once; ROUNDS rounds interleave them.
#   BUILDS='before=/path/to/old/checkout after=.' ROUNDS=2 QUESTIONS=2000 WARMUP=3000 bench/overhead-proxy.sh
# A build is a checkout with bench/target/nlsql-bench.jar and proxy-server/target/nlsql-proxy.jar
# (mvn -o -q -pl bench,proxy-server -am package -DskipTests). Uses the database test (PostgreSQL on 127.0.0.1:5432,
# trust for postgres); the bench's table nlsql_bench_points is dropped at exit.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILDS=${BUILDS:-"this=."}
ROUNDS=${ROUNDS:-1}
QUESTIONS=${QUESTIONS:-2000}
WARMUP=${WARMUP:-3000}
LATENCY_MS=${LATENCY_MS:-1}
MODEL_PORT=${MODEL_PORT:-18089}
PROXY_PORT=${PROXY_PORT:-6599}
proxy_pid=
trap '[ -n "$proxy_pid" ] && kill "$proxy_pid" 2>/dev/null; psql -h 127.0.0.1 -U postgres -d test -qc "DROP TABLE IF EXISTS nlsql_bench_points" >/dev/null 2>&1' EXIT

backend="jdbc:nlsql:postgresql://127.0.0.1:5432/test?nlsql.cache=false&nlsql.llm.model=fake&nlsql.llm.apiKey=none"
backend+="&nlsql.llm.baseUrl=http://127.0.0.1:$MODEL_PORT/v1"
for round in $(seq 1 "$ROUNDS"); do
  for build in $BUILDS; do
    name=${build%%=*}
    dir=${build#*=}
    java -jar "$dir/proxy-server/target/nlsql-proxy.jar" --port "$PROXY_PORT" --backend "$backend" >/dev/null 2>&1 &
    proxy_pid=$!
    for _ in $(seq 1 100); do pg_isready -q -h 127.0.0.1 -p "$PROXY_PORT" && break; sleep 0.2; done
    echo "=== round $round, build $name ($(git -C "$dir" rev-parse --short HEAD)), load $(cut -d' ' -f1-3 /proc/loadavg)"
    java -jar "$dir/bench/target/nlsql-bench.jar" overhead --questions "$QUESTIONS" --warmup "$WARMUP" --latency-ms "$LATENCY_MS" \
      --server single --model-port "$MODEL_PORT" --proxy "jdbc:postgresql://127.0.0.1:$PROXY_PORT/test?user=postgres"
    kill "$proxy_pid" 2>/dev/null || true
    wait "$proxy_pid" 2>/dev/null || true
    proxy_pid=
  done
done
