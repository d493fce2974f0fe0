#!/usr/bin/env bash
# TPS of pgbench -S (select-only) against PostgreSQL directly, through the nlsql proxy, through
# pgbouncer (transaction pooling) and through haproxy (TCP mode: copies bytes, reads no protocol,
# so its ratio is about the best any relay that adds a hop can reach on the machine), in the same
# run, for -M simple and -M extended.
# Needs a built tree (mvn -B -q install -DskipTests), PostgreSQL on 127.0.0.1:5432 (trust for
# postgres), pgbouncer and haproxy (apt-get install pgbouncer haproxy). DURATION=30 by default; PROXY_JAR
# measures another build of the proxy (an earlier commit's, for a before/after table). The database is dropped at exit.
# MODES=extended measures one mode; PROXY_ARGS adds flags to the proxy's (PROXY_ARGS='--statement-cache 0': the
# extended protocol without the statement cache).
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION=${DURATION:-30}
WARMUP=${WARMUP:-10} # seconds of the same load per target and mode before measuring, untimed: the JIT, caches and pools warm up
ROUNDS=${ROUNDS:-3}
CLIENTS=${CLIENTS:-8}
DB=nlsql_pgbench
work=$(mktemp -d)
chmod 777 "$work" # pgbouncer runs as postgres and writes its log and pid here
pids=()
trap 'kill "${pids[@]}" 2>/dev/null || true; [ -f "$work/haproxy.pid" ] && kill "$(cat "$work/haproxy.pid")" 2>/dev/null; rm -rf "$work"; psql -h 127.0.0.1 -U postgres -d postgres -qc "DROP DATABASE IF EXISTS $DB WITH (FORCE)" >/dev/null 2>&1' EXIT

psql -h 127.0.0.1 -U postgres -d postgres -Atqc "SELECT 1 FROM pg_database WHERE datname = '$DB'" | grep -q 1 \
  || psql -h 127.0.0.1 -U postgres -d postgres -qc "CREATE DATABASE $DB"
pgbench -i -s 10 -q -h 127.0.0.1 -U postgres "$DB" >/dev/null 2>&1

java -jar "${PROXY_JAR:-proxy-server/target/nlsql-proxy.jar}" --backend "jdbc:postgresql://127.0.0.1:5432/$DB" --port 6543 \
  --max-connections 100 ${PROXY_ARGS:-} >"$work/proxy.log" 2>&1 &
pids+=($!)
proxy_pid=$!

cat >"$work/pgbouncer.ini" <<INI
[databases]
$DB = host=127.0.0.1 port=5432 dbname=$DB user=postgres
[pgbouncer]
listen_addr = 127.0.0.1
listen_port = 6432
auth_type = trust
auth_file = $work/users.txt
pool_mode = transaction
max_client_conn = 100
default_pool_size = $CLIENTS
logfile = $work/pgbouncer.log
pidfile = $work/pgbouncer.pid
INI
echo '"postgres" ""' >"$work/users.txt"
chmod 644 "$work"/*
if [ "$(id -u)" = 0 ]; then pgbouncer -q -u postgres "$work/pgbouncer.ini" & else pgbouncer -q "$work/pgbouncer.ini" & fi
pids+=($!)
pgbouncer_pid=$!

cat >"$work/haproxy.cfg" <<CFG
global
  nbthread 2
  maxconn 200
defaults
  mode tcp
  timeout connect 5s
  timeout client 1h
  timeout server 1h
listen postgres
  bind 127.0.0.1:6544
  server backend 127.0.0.1:5432
CFG
haproxy -q -D -f "$work/haproxy.cfg" -p "$work/haproxy.pid"
for port in 6543 6432 6544; do for _ in $(seq 1 30); do (echo >/dev/tcp/127.0.0.1/$port) 2>/dev/null && break; sleep 1; done; done
haproxy_pid=$(cat "$work/haproxy.pid")

cpu_ticks() { # pid: its user + system CPU ticks, 0 for none
  if [ -n "$1" ]; then awk '{print $14 + $15}' "/proc/$1/stat"; else echo 0; fi
}
machine_ticks() { # busy CPU ticks of the whole machine: user, nice, system, irq, softirq
  awk '/^cpu / {print $2 + $3 + $4 + $7 + $8}' /proc/stat
}
tps() { # port mode [pid of the relay in between]: "tps <tab> its CPU us per transaction <tab> the machine's"
  local p0 m0 out p1 m1
  p0=$(cpu_ticks "${3:-}"); m0=$(machine_ticks)
  out=$(pgbench -S -M "$2" -c "$CLIENTS" -j 2 -T "$DURATION" -h 127.0.0.1 -p "$1" -U postgres "$DB" 2>/dev/null)
  p1=$(cpu_ticks "${3:-}"); m1=$(machine_ticks)
  echo "$out" | awk -v p=$((p1 - p0)) -v m=$((m1 - m0)) -v hz="$(getconf CLK_TCK)" '
    /^tps = / {tps = $3} /actually processed/ {n = $NF}
    END {printf "%s\t%.1f\t%.1f\n", tps, p * 1e6 / hz / n, m * 1e6 / hz / n}'
}
warm() { # port mode
  [ "$WARMUP" -gt 0 ] && pgbench -S -M "$2" -c "$CLIENTS" -j 2 -T "$WARMUP" -h 127.0.0.1 -p "$1" -U postgres "$DB" >/dev/null 2>&1 || true
}
median() { sort -n | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }

# Rounds interleave the four targets, so a slow minute of a shared machine costs all of them alike;
# the table gives each target's median and the ratios of the medians.
printf "%-9s %10s %10s %10s %10s %14s %16s %14s %16s\n" mode direct proxy pgbouncer haproxy \
  "proxy/direct" "pgbouncer/direct" "haproxy/direct" "proxy/pgbouncer"
for mode in ${MODES:-simple extended}; do
  for port in 5432 6543 6432 6544; do warm "$port" "$mode"; done
  : >"$work/$mode.tsv"
  for _ in $(seq 1 "$ROUNDS"); do
    printf "%s\t%s\t%s\t%s\n" "$(tps 5432 "$mode")" "$(tps 6543 "$mode" "$proxy_pid")" \
      "$(tps 6432 "$mode" "$pgbouncer_pid")" "$(tps 6544 "$mode" "$haproxy_pid")" >>"$work/$mode.tsv"
  done
  # columns per target (direct, proxy, pgbouncer, haproxy): tps, the relay's CPU us/tx, the machine's CPU us/tx
  d=$(cut -f1 "$work/$mode.tsv" | median); p=$(cut -f4 "$work/$mode.tsv" | median)
  b=$(cut -f7 "$work/$mode.tsv" | median); h=$(cut -f10 "$work/$mode.tsv" | median)
  awk -v m="$mode" -v d="$d" -v p="$p" -v b="$b" -v h="$h" \
    'BEGIN { printf "%-9s %10.0f %10.0f %10.0f %10.0f %14.2f %16.2f %14.2f %16.2f\n", m, d, p, b, h, p / d, b / d, h / d, p / b }'
  awk -F'\t' -v m="$mode" '{ printf "  %s round %d: direct %.0f, proxy %.0f (%.2f), pgbouncer %.0f (%.2f), haproxy %.0f (%.2f); relay CPU us per transaction: proxy %.1f, pgbouncer %.1f, haproxy %.1f; machine: direct %.1f, via proxy %.1f, via pgbouncer %.1f, via haproxy %.1f\n", m, NR, $1, $4, $4 / $1, $7, $7 / $1, $10, $10 / $1, $5, $8, $11, $3, $6, $9, $12 }' \
    "$work/$mode.tsv" >&2
  # each round's targets ran a minute apart at most: the median of the rounds' own ratios drifts less with the machine
  printf "%-9s rounds' median ratio: proxy/direct %.2f, pgbouncer/direct %.2f, haproxy/direct %.2f\n" "$mode" \
    "$(awk -F'\t' '{print $4 / $1}' "$work/$mode.tsv" | median)" "$(awk -F'\t' '{print $7 / $1}' "$work/$mode.tsv" | median)" \
    "$(awk -F'\t' '{print $10 / $1}' "$work/$mode.tsv" | median)"
done
echo "pgbench -S -c $CLIENTS -j 2 -T $DURATION, median of $ROUNDS interleaved rounds after ${WARMUP}s of warm-up per target; targets: simple mode at or above pgbouncer, extended mode at or above 0.9x direct"
