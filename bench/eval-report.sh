#!/usr/bin/env bash
# Reproduces the evaluation table: both defog question files through PostgreSQL with the
# fault-injecting model at a 40% first-attempt error rate, nlsql.maxAttempts 1 and 3, repairs on
# and off, plus the gold-only ceiling (error rate 0). Needs the defog databases loaded as
# nlsql_defog_<db> (`mvn verify` loads them) and a built tree (`mvn -B -q install -DskipTests`).
set -euo pipefail
cd "$(dirname "$0")/.."
DEFOG=${DEFOG:-../shared/benchmarks/defog}
DEFAULT_PG='jdbc:nlsql:postgresql://127.0.0.1:5432/nlsql_defog_{db}?user=postgres'
PG=${NLSQL_EVAL_PG:-$DEFAULT_PG}
SEED=${SEED:-1}
out=$(mktemp -d)
pids=()
trap 'kill "${pids[@]}" 2>/dev/null || true' EXIT

serve() { # file port error-rate
  java -jar bench/target/nlsql-bench.jar fake-llm --dataset "$1" --port "$2" --error-rate "$3" --seed "$SEED" >"$out/fake-$2.log" 2>&1 &
  pids+=($!)
}
port=8190
for file in instruct_basic_postgres instruct_advanced_postgres; do
  serve "$DEFOG/$file.csv" $port 0.4
  serve "$DEFOG/$file.csv" $((port + 1)) 0.0
  port=$((port + 2))
done
for p in 8190 8191 8192 8193; do for _ in $(seq 1 30); do (echo > /dev/tcp/127.0.0.1/$p) 2>/dev/null && break; sleep 1; done; done

run() { # name file port attempts repairs
  java -jar examples/target/nlsql.jar eval --url "$PG" --dataset "$DEFOG/$2.csv" --json --parallel 2 \
    -p nlsql.llm.baseUrl="http://127.0.0.1:$3/v1" -p nlsql.llm.apiKey=fake -p nlsql.llm.seed="$SEED" -p nlsql.cache=false \
    -p nlsql.maxAttempts="$4" -p nlsql.repairs="$5" >"$out/$1.json" 2>/dev/null
}
port=8190
for file in instruct_basic_postgres instruct_advanced_postgres; do
  run "$file-ceiling" $file $((port + 1)) 1 false
  run "$file-a1-r0" $file $port 1 false
  run "$file-a1-r1" $file $port 1 true
  run "$file-a3-r0" $file $port 3 false
  run "$file-a3-r1" $file $port 3 true
  port=$((port + 2))
done

python3 - "$out" <<'PY'
import json, sys, os
out = sys.argv[1]
print(f"{'file':<28} {'run':<28} {'n':>4} {'accuracy':>9} {'of ceiling':>10} {'first':>7} {'corrected':>9} {'success':>8} {'attempts':>8} {'llm/q':>6}")
for f in ["instruct_basic_postgres", "instruct_advanced_postgres"]:
    ceiling = json.load(open(os.path.join(out, f + "-ceiling.json")))["overall"]["lenientAccuracy"]
    for run, label in [("ceiling", "gold only (error 0), 1 try"), ("a1-r0", "40% errors, 1 try, no repairs"),
                       ("a1-r1", "40% errors, 1 try, repairs"), ("a3-r0", "40% errors, 3 tries, no repairs"),
                       ("a3-r1", "40% errors, 3 tries, repairs")]:
        m = json.load(open(os.path.join(out, f"{f}-{run}.json")))["overall"]
        acc = m["lenientAccuracy"]
        print(f"{f:<28} {label:<28} {m['counted']:>4} {100*acc:>8.1f}% {100*acc/ceiling if ceiling else 0:>9.1f}% "
              f"{100*m['firstAttemptRate']:>6.1f}% {100*m['correctionEffectiveness']:>8.1f}% {100*m['overallSuccess']:>7.1f}% "
              f"{m['meanAttempts']:>8.2f} {m['llmCallsPerQuestion']:>6.2f}")
PY
