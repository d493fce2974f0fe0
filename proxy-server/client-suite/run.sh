#!/usr/bin/env bash
# Runs libpqxx's own test suite against PostgreSQL directly and through a freshly started nlsql proxy, and compares.
# usage: proxy-server/client-suite/run.sh        (after: mvn -B -q -o -pl driver,proxy-server package -DskipTests)
# Variables: PGHOST/PGPORT (PostgreSQL, default 127.0.0.1:5432), SUITE_DB (default nlsql_client_suite, created if
# missing), SUITE_USER (default postgres), PROXY_PORT (default 6599), PROXY_BACKEND (the proxy's --backend JDBC URL;
# default jdbc:postgresql://PGHOST:PGPORT/SUITE_DB: each client logs in as itself), PROXY_JAR, OUT (default proxy-server/target/client-suite).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
pghost=${PGHOST:-127.0.0.1}; pgport=${PGPORT:-5432}
db=${SUITE_DB:-nlsql_client_suite}; user=${SUITE_USER:-postgres}
proxy_port=${PROXY_PORT:-6599}
backend=${PROXY_BACKEND:-jdbc:postgresql://$pghost:$pgport/$db}
jar=${PROXY_JAR:-$root/proxy-server/target/nlsql-proxy.jar}
out=${OUT:-$root/proxy-server/target/client-suite}

[ -f "$jar" ] || { echo "no proxy jar at $jar: mvn -B -q -o -pl driver,proxy-server package -DskipTests" >&2; exit 1; }
bin=$("$here/fetch.sh" | tail -n 1)

if [ "$(psql -X -h "$pghost" -p "$pgport" -U postgres -d postgres -Atqc "SELECT count(*) FROM pg_database WHERE datname = '$db'")" = 0 ]; then
  psql -X -h "$pghost" -p "$pgport" -U postgres -d postgres -qc "CREATE DATABASE \"$db\" OWNER postgres"
fi

rm -rf "$out"; mkdir -p "$out"
echo "direct: $pghost:$pgport/$db as $user"
PGHOST=$pghost PGPORT=$pgport PGUSER=$user PGDATABASE=$db "$here/run-suite.sh" "$bin" "$out/direct" | tee "$out/direct.summary"

java -jar "$jar" --backend "$backend" --port "$proxy_port" > "$out/proxy.log" 2>&1 &
proxy=$!
trap 'kill $proxy 2>/dev/null || true; wait $proxy 2>/dev/null || true' EXIT
for _ in $(seq 1 120); do pg_isready -q -h 127.0.0.1 -p "$proxy_port" && break; sleep 0.5; done
pg_isready -q -h 127.0.0.1 -p "$proxy_port" || { echo "the proxy did not start:" >&2; cat "$out/proxy.log" >&2; exit 1; }
echo "proxy: 127.0.0.1:$proxy_port -> $backend"
PGHOST=127.0.0.1 PGPORT=$proxy_port PGUSER=$user PGDATABASE=$db "$here/run-suite.sh" "$bin" "$out/proxy" | tee "$out/proxy.summary"

echo
printf '%-8s %5s %7s %7s %8s\n' mode run passed failed skipped
for mode in direct proxy; do
  awk -F'\t' -v m=$mode '{n++; c[$2]++} END {printf "%-8s %5d %7d %7d %8d\n", m, n, c["pass"], c["fail"]+c["timeout"], c["skip"]}' "$out/$mode/results.tsv"
done
echo
echo "pass directly, not through the proxy:"
join -t $'\t' <(sort "$out/direct/results.tsv") <(sort "$out/proxy/results.tsv") \
  | awk -F'\t' '$2 == "pass" && $3 != "pass" {printf "  %-28s %s\n", $1, $3; n++} END {if (!n) print "  (none)"}'
echo "fail directly:"
awk -F'\t' '$2 != "pass" {printf "  %-28s %s\n", $1, $2; n++} END {if (!n) print "  (none)"}' "$out/direct/results.tsv"
echo "(logs: $out/{direct,proxy}/logs/TEST.log)"
