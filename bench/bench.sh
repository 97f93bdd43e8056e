#!/usr/bin/env bash
# The bench script: builds the commands, makes its inputs with a fixed
# seed, and prints each figure as a ratio to a floor measured side by side
# in the same run (the machines are shared and noisy: only ratios compare).
#
#	bash bench/bench.sh          # or: make bench
#	RUNS=21 bash bench/bench.sh  # more runs for steadier medians
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-11}
out=bench/out
mkdir -p "$out"
go build -o "$out/" ./cmd/solve ./cmd/judge ./cmd/gentable ./bench/floor ./bench/hello ./bench/measure
b=$out

echo "== machine"
echo "$(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), $(go version | cut -d' ' -f3-)"

if [ ! -s "$b/big.txt" ]; then
	"$b/judge" gen -n 1000000 -unsolvable 0.5 -seed 1 > "$b/big.txt"
fi
echo
echo "== a judge file of 1M random arrangements, half unsolvable ($(du -h "$b/big.txt" | cut -f1)), output to /dev/null"
echo "   floor: a Go program that reads each line and writes one short line"
"$b/measure" -runs "$runs" -in "$b/big.txt" floor="$b/floor" solve="$b/solve"

echo
echo "== one board on the command line, whole process"
"$b/measure" -runs $((runs * 20)) hello="$b/hello" "solve=$b/solve 23415x768"

echo
echo "== gentable: every table, written to a scratch folder"
"$b/measure" -runs 5 "gentable=$b/gentable -o $b/tables"

echo
echo "== go test -bench (one lookup; a batch of 1M boards; building the fast lookups)"
go test -run XXX -bench . -benchtime 1s ./table ./batch | grep -E '^Benchmark'
