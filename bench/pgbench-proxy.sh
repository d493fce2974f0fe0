#!/usr/bin/env bash
# TPS of pgbench -S (select-only) against PostgreSQL directly, through the nlsql proxy, and
# through pgbouncer (transaction pooling) in the same run, for -M simple and -M extended.
# Needs a built tree (mvn -B -q install -DskipTests), PostgreSQL on 127.0.0.1:5432 (trust for
# postgres) and pgbouncer (apt-get install pgbouncer). DURATION=30 by default.
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION=${DURATION:-30}
CLIENTS=${CLIENTS:-8}
DB=nlsql_pgbench
work=$(mktemp -d)
chmod 777 "$work" # pgbouncer runs as postgres and writes its log and pid here
pids=()
trap 'kill "${pids[@]}" 2>/dev/null || true; rm -rf "$work"' EXIT

psql -h 127.0.0.1 -U postgres -d postgres -Atqc "SELECT 1 FROM pg_database WHERE datname = '$DB'" | grep -q 1 \
  || psql -h 127.0.0.1 -U postgres -d postgres -qc "CREATE DATABASE $DB"
pgbench -i -s 10 -q -h 127.0.0.1 -U postgres "$DB" >/dev/null 2>&1

java -jar proxy-server/target/nlsql-proxy.jar --backend "jdbc:postgresql://127.0.0.1:5432/$DB?user=postgres" --port 6543 \
  --max-connections 100 >"$work/proxy.log" 2>&1 &
pids+=($!)

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
if [ "$(id -u)" = 0 ]; then pgbouncer -u postgres "$work/pgbouncer.ini" & else pgbouncer "$work/pgbouncer.ini" & fi
pids+=($!)
for port in 6543 6432; do for _ in $(seq 1 30); do (echo >/dev/tcp/127.0.0.1/$port) 2>/dev/null && break; sleep 1; done; done

tps() { # port mode
  pgbench -S -M "$2" -c "$CLIENTS" -j 2 -T "$DURATION" -h 127.0.0.1 -p "$1" -U postgres "$DB" 2>/dev/null \
    | awk '/^tps = / {print $3}'
}
printf "%-9s %12s %12s %12s %14s %16s\n" mode direct proxy pgbouncer "proxy/direct" "proxy/pgbouncer"
for mode in simple extended; do
  d=$(tps 5432 "$mode"); p=$(tps 6543 "$mode"); b=$(tps 6432 "$mode")
  awk -v m="$mode" -v d="$d" -v p="$p" -v b="$b" 'BEGIN { printf "%-9s %12.0f %12.0f %12.0f %14.2f %16.2f\n", m, d, p, b, p / d, p / b }'
done
echo "pgbench -S -c $CLIENTS -j 2 -T $DURATION; target: proxy at least 0.7x direct"
