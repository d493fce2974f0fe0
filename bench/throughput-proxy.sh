#!/usr/bin/env bash
# Question throughput through the nlsql proxy (issue 27): CLIENTS clients, each with its own connection, asking in a
# loop against the bench's in-process model server answering after LATENCY_MS, in four runs:
#   1. one proxy, cache off (every question calls the model): questions/s and the ratio to the ideal rate;
#   2. two proxies behind haproxy (TCP mode, round robin), cache off;
#   3. one proxy behind haproxy, in-process cache on plus the shared Redis tier, DISTINCT questions in turn: hit rate;
#   4. two proxies behind haproxy sharing the Redis tier, the same workload (Redis emptied first): hit rate;
#   5. the control: two proxies behind haproxy, in-process cache only, the same workload.
# RUNS="1 4" picks some of them.
# Needs `mvn -o -q -pl bench,proxy-server -am package -DskipTests`, PostgreSQL on 127.0.0.1:5432 (trust for postgres),
# haproxy and a Redis on 127.0.0.1:6379. Uses database nlsql_throughput (dropped at exit) and Redis DB REDIS_DB
# (FLUSHDB at start and exit: give it an index nothing else uses).
set -euo pipefail
cd "$(dirname "$0")/.."
CLIENTS=${CLIENTS:-64}
SECONDS_RUN=${SECONDS_RUN:-20}
WARMUP=${WARMUP:-35} # 64 clients logging in and asking a first question take 15-30 s on 2 cores
LATENCY_MS=${LATENCY_MS:-1000}
DISTINCT=${DISTINCT:-50}
REDIS_DB=${REDIS_DB:-13}
MODEL_PORT=${MODEL_PORT:-18091}
RUNS=${RUNS:-1 2 3 4 5}
DB=nlsql_throughput
work=$(mktemp -d)
pids=()
stop_proxies() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done
  pids=()
  [ -f "$work/haproxy.pid" ] && kill "$(cat "$work/haproxy.pid")" 2>/dev/null || true
  rm -f "$work/haproxy.pid"
}
cleanup() {
  stop_proxies
  redis-cli -n "$REDIS_DB" FLUSHDB >/dev/null 2>&1 || true
  rm -rf "$work"
  psql -h 127.0.0.1 -U postgres -d postgres -qc "DROP DATABASE IF EXISTS $DB WITH (FORCE)" >/dev/null 2>&1 || true
}
trap cleanup EXIT

psql -h 127.0.0.1 -U postgres -d postgres -Atqc "SELECT 1 FROM pg_database WHERE datname = '$DB'" | grep -q 1 \
  || psql -h 127.0.0.1 -U postgres -d postgres -qc "CREATE DATABASE $DB"
redis-cli -n "$REDIS_DB" FLUSHDB >/dev/null
export NLSQL_BENCH_PG_URL="jdbc:postgresql://127.0.0.1:5432/$DB?user=postgres"
model="nlsql.llm.model=fake&nlsql.llm.apiKey=none&nlsql.llm.baseUrl=http://127.0.0.1:$MODEL_PORT/v1"

start_proxy() { # port cache-settings
  java -jar proxy-server/target/nlsql-proxy.jar --port "$1" --max-connections $((CLIENTS + 16)) \
    --backend "jdbc:nlsql:postgresql://127.0.0.1:5432/$DB?$model&$2" >"$work/proxy-$1.log" 2>&1 &
  pids+=($!)
}
start_haproxy() { # backend ports...
  {
    printf 'global\n  nbthread 2\n  maxconn 1000\ndefaults\n  mode tcp\n  timeout connect 5s\n  timeout client 1h\n  timeout server 1h\n'
    printf 'listen nlsql\n  bind 127.0.0.1:6550\n  balance roundrobin\n'
    for p in "$@"; do printf '  server p%s 127.0.0.1:%s\n' "$p" "$p"; done
  } >"$work/haproxy.cfg"
  haproxy -q -D -f "$work/haproxy.cfg" -p "$work/haproxy.pid"
}
wait_ports() {
  for port in "$@"; do for _ in $(seq 1 60); do (echo >/dev/tcp/127.0.0.1/"$port") 2>/dev/null && break; sleep 1; done; done
}
bench() { # port distinct
  java -jar bench/target/nlsql-bench.jar throughput --clients "$CLIENTS" --seconds "$SECONDS_RUN" --warmup-seconds "$WARMUP" \
    --latency-ms "$LATENCY_MS" --model-port "$MODEL_PORT" --distinct "$2" --proxy "jdbc:postgresql://127.0.0.1:$1/$DB?user=postgres"
}
off="nlsql.cache=false"
on="nlsql.cache=true&nlsql.cache.shared=redis://127.0.0.1:6379/$REDIS_DB"

if [[ " $RUNS " == *" 1 "* ]]; then
  echo "== 1. one proxy, cache off"
  start_proxy 6551 "$off"; wait_ports 6551
  bench 6551 0
  stop_proxies
fi

if [[ " $RUNS " == *" 2 "* ]]; then
  echo "== 2. two proxies behind haproxy, cache off"
  start_proxy 6551 "$off"; start_proxy 6552 "$off"; start_haproxy 6551 6552; wait_ports 6551 6552 6550
  bench 6550 0
  stop_proxies
fi

if [[ " $RUNS " == *" 3 "* ]]; then
  echo "== 3. one proxy behind haproxy, shared cache on, $DISTINCT questions in turn"
  redis-cli -n "$REDIS_DB" FLUSHDB >/dev/null
  start_proxy 6551 "$on"; start_haproxy 6551; wait_ports 6551 6550
  bench 6550 "$DISTINCT"
  echo "redis keys: $(redis-cli -n "$REDIS_DB" DBSIZE)"
  stop_proxies
fi

if [[ " $RUNS " == *" 4 "* ]]; then
  echo "== 4. two proxies behind haproxy sharing the cache, $DISTINCT questions in turn"
  redis-cli -n "$REDIS_DB" FLUSHDB >/dev/null
  start_proxy 6551 "$on"; start_proxy 6552 "$on"; start_haproxy 6551 6552; wait_ports 6551 6552 6550
  bench 6550 "$DISTINCT"
  echo "redis keys: $(redis-cli -n "$REDIS_DB" DBSIZE)"
  stop_proxies
fi

if [[ " $RUNS " == *" 5 "* ]]; then
  echo "== 5. the control: two proxies behind haproxy, in-process cache only, $DISTINCT questions in turn"
  start_proxy 6551 "nlsql.cache=true"; start_proxy 6552 "nlsql.cache=true"; start_haproxy 6551 6552; wait_ports 6551 6552 6550
  bench 6550 "$DISTINCT"
  stop_proxies
fi
