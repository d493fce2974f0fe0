#!/bin/bash
# Moving and joining 2 x 100,000 rows through the local engine (LocalJoinBenchmark), in RUNS fresh JVMs of REPS
# repetitions each: repetition 1 is cold, the later ones warm. Prints each run, then the medians over all runs.
# Needs the bench jar (see README.md) and PostgreSQL (NLSQL_BENCH_PG_URL).
cd "$(dirname "$0")/.."
JAR=${JAR:-bench/target/nlsql-bench.jar}
CP=${CP:-$JAR}
OUT=$(mktemp)
for i in $(seq 1 "${RUNS:-5}"); do
  echo "## run $i $(date +%T) loadavg $(cut -d' ' -f1-3 /proc/loadavg)"
  java ${JAVA_OPTS:-} -Dreps="${REPS:-5}" -cp "$CP" dev.nlsql.bench.BenchMain local-join 2>&1 | grep -v SLF4J | tee -a "$OUT"
done
# medians: engine total (column 5) and question total (column 6), cold (rep 1) and warm (rep 3 on: rep 2 is still compiling)
awk '/^engine/ {part="engine"} /^question/ {part="question"}
     /^[0-9]+ / { v = (part == "engine") ? $5 : $6; base = (part == "engine") ? $6 : $7;
                  k = part "_" ($1 == 1 ? "cold" : ($1 >= 3 ? "warm" : "skip")); if (k !~ /skip/) { vals[k] = vals[k] " " v; pg[k] = pg[k] " " base } }
     END { for (k in vals) { n = split(vals[k], a, " "); asort(a); m = split(pg[k], b, " "); asort(b);
           printf "%-15s n=%-3d median %6.0f ms  min %6.0f  max %6.0f  (PostgreSQL join median %4.0f ms)\n", k, n, a[int((n+1)/2)], a[1], a[n], b[int((m+1)/2)] } }' "$OUT" | sort
rm -f "$OUT"
