#!/bin/bash
# Usage: ./run.sh [tag]   (needs: mvn -B -q package once; see README.md). Every JVM runs under nice -n 19.
cd "$(dirname "$0")"; T=${1:-run}; mkdir -p out
CP="target/classes:target/lib/*"
# stripped DuckDB jar (no bundled .so) + java.library.path: avoids a 70 MB copy into /tmp per JVM
if [ ! -f native/libduckdb_java.so ]; then mkdir -p strip native; cp target/lib/duckdb_jdbc-*.jar strip/; unzip -o -q strip/duckdb_jdbc-*.jar libduckdb_java.so_linux_amd64 -d native; mv native/libduckdb_java.so_linux_amd64 native/libduckdb_java.so; zip -q -d strip/duckdb_jdbc-*.jar 'libduckdb_java.so_*'; fi
SCP="target/classes:strip/*:$(ls target/lib/h2-*.jar)"
la() { echo "## $(date +%T) loadavg $(cut -d' ' -f1-3 /proc/loadavg) :: $*"; }
{
for m in "b500 idx" "b5000 idx" "b5000 pk" "tf50k idx" "tf50k pk"; do la "H2 $m"; timeout -s KILL 120 nice -n 19 java -Xmx512m -cp "$CP" je.H2Probe $m 3 100000; done
for th in 1 2; do la "DuckDB in-process threads=$th"; timeout -s KILL 120 nice -n 19 java -Xmx512m -Djava.library.path=native -cp "$SCP" je.DuckInProc 3 100000 $th; done
for th in 1 2; do la "DuckDB child prlimit --as=1GiB threads=$th"; timeout -s KILL 300 nice -n 19 java -Xmx256m -Dworker.libpath=$PWD/native -cp "$SCP" je.Parent prlimit:1073741824 100000 512MB $th perf; done
la "DuckDB child limit tests"; timeout -s KILL 300 nice -n 19 java -Xmx256m -Dworker.libpath=$PWD/native -cp "$SCP" je.Parent prlimit:1073741824 1000 512MB 1 crash,limits
la end
} 2>&1 | tee out/suite-$T.txt
