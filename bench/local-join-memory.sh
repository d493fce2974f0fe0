#!/bin/bash
# Heap held by one question whose plan moves three source steps into the local engine (LocalJoinMemoryBenchmark),
# one fresh JVM per case and heap size. CASES: ROWS:TEXT pairs (rows a step, characters of its text column);
# HEAPS: -Xmx values to try ("default": the JVM's); the smallest heap a case is answered in, or refused cleanly
# (54000 from the budget, not an OutOfMemoryError), is what it needs. Needs the bench jar (see README.md) and
# PostgreSQL (NLSQL_BENCH_PG_URL).
cd "$(dirname "$0")/.."
JAR=${JAR:-bench/target/nlsql-bench.jar}
for rows_text in ${CASES:-100000:300 30000:300}; do
  rows=${rows_text%%:*}; text=${rows_text##*:}
  for heap in ${HEAPS:-default}; do
    echo "## $(date +%T) loadavg $(cut -d' ' -f1-3 /proc/loadavg) heap $heap"
    xmx=""; [ "$heap" != default ] && xmx="-Xmx$heap"
    java $xmx ${JAVA_OPTS:-} -Drows="$rows" -Dtext="$text" -cp "$JAR" dev.nlsql.bench.BenchMain local-join-memory 2>&1 | grep -v SLF4J
  done
done
