#!/bin/bash
# usage: run.sh TIMEOUT_S XMX probe engine [extra]
cd "$(dirname "$0")"
T=$1; X=$2; shift 2
echo "### $* (Xmx=$X, timeout=${T}s)"
timeout -s KILL $T java -Xmx$X -Xss1m -cp target/classes:$(cat cp.txt) eval.Probe "$@" 2>&1 | grep -v '^WARNING'
echo "### exit=${PIPESTATUS[0]}"
