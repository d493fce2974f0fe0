#!/bin/bash
# Moving and joining 2 x 100,000 rows through the local engine (LocalJoinBenchmark), in RUNS fresh JVMs:
# repetition 1 of each is cold, 3 is warm. Needs the bench jar (see README.md) and PostgreSQL (NLSQL_BENCH_PG_URL).
cd "$(dirname "$0")/.."
JAR=${JAR:-bench/target/nlsql-bench.jar}
CP=${CP:-$JAR}
for i in $(seq 1 "${RUNS:-5}"); do
  echo "## run $i $(date +%T) loadavg $(cut -d' ' -f1-3 /proc/loadavg)"
  java ${JAVA_OPTS:-} -cp "$CP" dev.nlsql.bench.BenchMain local-join 2>&1 | grep -v SLF4J
done
