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
# The commands as `make build` makes them: with no cgo, so static (see the
# README); solve-cgo is solve as a plain `go build` makes it where a C
# compiler is installed (net/http's resolver then links libc).
CGO_ENABLED=0 go build -o "$out/" ./cmd/solve ./cmd/judge ./cmd/gentable ./bench/floor ./bench/hello ./bench/linked ./bench/measure ./bench/cachedir ./bench/large
go build -o "$out/solve-cgo" ./cmd/solve
b=$out
gcc -O2 -o "$b/cfloor" bench/cfloor/floor.c

echo "== machine"
echo "$(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), $(go version | cut -d' ' -f3-)"

# The commands' user cache folder, as measure sets it: "warm" is a folder
# the commands have filled with the fast lookups they keep
# (table.Set.WithCache); "cold" is /dev/null, where no folder can be made,
# so every run builds them. measure gives each command its input itself
# (<FILE), with no shell started, whose start-up would fall on every time.
warm="XDG_CACHE_HOME=$(pwd)/$b/warm"
cold="XDG_CACHE_HOME=/dev/null"

if [ ! -s "$b/big.txt" ]; then
	"$b/judge" gen -n 1000000 -unsolvable 0.5 -seed 1 > "$b/big.txt"
fi
if [ ! -s "$b/pairs.txt" ]; then
	"$b/judge" gen -format hdu3567 -n 300000 -unsolvable 0.2 -seed 3 > "$b/pairs.txt"
fi
head -300000 "$b/big.txt" > "$b/p-hdu1043.txt"
cp "$b/pairs.txt" "$b/p-hdu3567.txt"
presets="acwing845 luogu1379 uva652 lightoj1139 boj11112 aoj lrj hoj1868"
for f in $presets; do
	if [ ! -s "$b/p-$f.txt" ]; then
		"$b/judge" gen -format "$f" -n 300000 -unsolvable 0.2 -seed 5 > "$b/p-$f.txt"
	fi
done
# Fill the warm cache.
for f in hdu1043 hdu3567 $presets; do
	env "$warm" "$b/solve" -format "$f" < "$b/p-$f.txt" > /dev/null
done

echo
echo "== a judge file of 1M random arrangements, half unsolvable ($(du -h "$b/big.txt" | cut -f1)), output to /dev/null"
echo "   floors: a Go and a C program that read each line and write one short line;"
echo "   cold: every run builds the fast lookups; warm: they are in the cache folder"
"$b/measure" -runs "$runs" cfloor="$b/cfloor <$b/big.txt" floor="$b/floor <$b/big.txt" \
	cold="$cold $b/solve <$b/big.txt" warm="$warm $b/solve <$b/big.txt"

echo
echo "== 300K random start/goal pairs, hdu3567 ($(du -h "$b/pairs.txt" | cut -f1)), against the Go floor"
"$b/measure" -runs "$runs" floor="$b/floor <$b/pairs.txt" \
	cold="$cold $b/solve -format hdu3567 <$b/pairs.txt" warm="$warm $b/solve -format hdu3567 <$b/pairs.txt"

echo
echo "== judge check -shortest on the 1M file with solve's answers, against solve itself (warm)"
env "$warm" "$b/solve" < "$b/big.txt" > "$b/big.ans"
"$b/measure" -runs "$runs" solve="$warm $b/solve <$b/big.txt" \
	check-cold="$cold $b/judge check -shortest $b/big.txt $b/big.ans" \
	check-warm="$warm $b/judge check -shortest $b/big.txt $b/big.ans"

echo
echo "== 300K cases of each preset against as many of hdu1043's (warm; pairs are random)"
args=()
for f in hdu1043 $presets hdu3567; do
	args+=("$f=$warm $b/solve -format $f <$b/p-$f.txt")
done
"$b/measure" -runs "$runs" "${args[@]}"

echo
echo "== 1M bad lines (one fault a line, five kinds) against the 1M file of good ones (warm; messages to /dev/null)"
if [ ! -s "$b/bad.txt" ]; then
	awk 'BEGIN { split("1 2 3 4 5 6 7 8 9|hello world|12345678|1 2 3 4 5 6 7 8 8|1 2 3 4 5 x 7 8 9 0", k, "|"); for (i = 0; i < 1000000; i++) print k[i % 5 + 1] }' > "$b/bad.txt"
fi
"$b/measure" -runs "$runs" good="$warm $b/solve <$b/big.txt 2>/dev/null" bad="$warm $b/solve <$b/bad.txt 2>/dev/null"

echo
echo "== one board on the command line, whole process"
echo "   linked: hello world linking every package solve links"
"$b/measure" -runs $((runs * 20)) hello="$b/hello" linked="$b/linked" "solve=$b/solve 23415x768" "solve-cgo=$b/solve-cgo 23415x768"

echo "== gentable: every table, written to a scratch folder"
"$b/measure" -runs 5 "gentable=$b/gentable -o $b/tables"

echo
echo "== go test -bench (one lookup; a batch of 1M boards; building the fast lookups)"
go test -run XXX -bench . -benchtime 1s ./table ./internal/batch | grep -E '^Benchmark'

echo
echo "== Korf's 100 15-puzzle instances, whole process, all optimal"
grep -v '^#' ../shared/data/korf100.txt | awk '{$1=""; print substr($0,2)}' > "$b/korf100.txt"
korf="0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15"
koc=""
if [ -d ../shared/peers/koc ]; then
	# hkociemba/FifteenPuzzle's core (C++, one core): walking distance +
	# 6-6-3 + reflection. Its build script makes its databases (about 20 s).
	bash ../shared/peers/koc/build.sh "$b/koc" > "$b/koc-build.log" 2>&1
	printf 'cd %s && ./koc solve 3 ../korf100.txt 2>/dev/null\n' "$(cd "$b/koc" && pwd)" > "$b/koc.sh"
	koc="koc-6-6-3=bash $b/koc.sh"
fi
cat > "$b/ours.sh" <<EOS
exec "$(pwd)/$b/solve" -shape 4x4 -goal "$korf" "\$@" < "$(pwd)/$b/korf100.txt"
EOS
large=""
dir=$("$b/cachedir")
if [ -n "$dir" ] && ls "$dir"/4x4-b0-8.*pdb >/dev/null 2>&1; then
	large="ours-7-8=bash $b/ours.sh -pdb $dir"
fi
"$b/measure" -runs "${KORF_RUNS:-3}" ${koc:+"$koc"} "ours-6-6-3=bash $b/ours.sh -pdb none" ${large:+"$large"}
echo
echo "   nodes (ours, -v), and the instance that took the most:"
for tier in none ${large:+"$dir"}; do
	bash "$b/ours.sh" -v -pdb "$tier" 2>&1 >/dev/null | awk -v tier="$tier" '/nodes/ {n+=$(NF-2); c++; if ($(NF-2)+0 > m) {m=$(NF-2)+0; w=$0}} END {printf "   -pdb %s: %d instances, %d nodes in all, %d an instance on average; most: %s\n", tier, c, n, n/c, w}'
done
echo
echo "== the 80-move positions of issue 25, to Korf's goal, against hkociemba's walking distance + 6-6-3"
echo "   + reflection (one core), whole process; ours -v for the nodes (SKIP80=1 leaves them out: minutes)"
if [ -z "${SKIP80:-}" ]; then
	for h in "15 14 8 12 10 11 9 13 2 6 5 1 3 7 4 0" "15 11 13 12 14 10 8 9 7 2 5 1 3 6 4 0"; do
		echo "   $h:"
		# measure splits a command on spaces: the board goes in a file.
		echo "$h" > "$b/h80-board.txt"
		args=()
		if [ -n "$koc" ]; then
			cp "$b/h80-board.txt" "$b/koc/h80.txt"
			printf 'cd %s && ./koc solve 3 h80.txt 2>/dev/null\n' "$(cd "$b/koc" && pwd)" > "$b/koc80.sh"
			args+=("koc-6-6-3=bash $b/koc80.sh")
		fi
		args+=("ours-6-6-3=$b/solve -shape 4x4 -pdb none -goal blank-first <$b/h80-board.txt")
		[ -n "$large" ] && args+=("ours-7-8=$b/solve -shape 4x4 -pdb $dir -goal blank-first <$b/h80-board.txt")
		"$b/measure" -runs "${RUNS80:-1}" "${args[@]}"
		for tier in none ${large:+"$dir"}; do
			"$b/solve" -shape 4x4 -pdb "$tier" -v -goal blank-first < "$b/h80-board.txt" 2>&1 >/dev/null | sed "s|^|   -pdb $tier: |"
		done
	done
fi

echo
echo "== the large databases' build (gentable -pdb into a new folder), time and peak memory"
echo "   (BUILD_LARGE=1: minutes; the issue's budget is 5 minutes and 2 GB on 2 cores)"
if [ -n "${BUILD_LARGE:-}" ]; then
	tmp=$(mktemp -d)
	"$b/measure" -runs 1 gentable-pdb="$b/gentable -pdb $tmp"
	rm -rf "$tmp"
fi

echo
echo "== boards of more than 16 cells: random ones, uniform over those that reach the goal (blank-last,"
echo "   blank-first and snail in turn), each path replayed; its length over the tiles' Manhattan distance"
"$b/large" -solve "$b/solve" -n "${LARGE_N:-6}" 5x5 6x6 7x7 8x8 10x10 12x12 20x20 50x50 100x100 3x10 4x20 3x100 3x300 100x3 2x100
"$b/large" -solve "$b/solve" -n 3 300x300
echo "   Korf's fifty 24-puzzle instances (Korf's goal), against their optimal lengths:"
grep -v '^#' ../shared/data/korf50.txt | awk '{s=""; for (i = 2; i <= 26; i++) s = s (i > 2 ? " " : "") $i; print s}' > "$b/korf50.txt"
grep -v '^#' ../shared/data/korf50.txt | awk '{print $27}' > "$b/korf50.opt"
start=$(date +%s.%N)
"$b/solve" -shape 5x5 -goal blank-first < "$b/korf50.txt" > "$b/korf50.ans"
end=$(date +%s.%N)
"$b/judge" check -shape 5x5 -goal blank-first "$b/korf50.txt" "$b/korf50.ans" | tail -1 | sed 's/^/   /'
paste "$b/korf50.opt" "$b/korf50.ans" | awk -v t0="$start" -v t1="$end" '{o += $1; p += length($2); if (length($2) / $1 > m) m = length($2) / $1} END {printf "   %d moves against the optimal %d: %.2fx (at worst %.2fx), in %.2f s\n", p, o, p / o, m, t1 - t0}'

echo
echo "== the 24-puzzle's databases (BUILD_5X5=1: gentable -pdb -shape 5x5, 3 minutes, into $b/pdb5 once;"
echo "   then Korf's fifty fast with them, and #25 #32 #38 #40 #44 with -optimal against Korf and Felner's nodes)"
if [ -n "${BUILD_5X5:-}" ]; then
	if [ ! -s "$b/pdb5/5x5-b0-17.18.19.22.23.24.zpdb" ]; then
		"$b/measure" -runs 1 gentable-pdb-5x5="$b/gentable -pdb $b/pdb5 -shape 5x5"
	fi
	start=$(date +%s.%N)
	"$b/solve" -pdb "$b/pdb5" -shape 5x5 -goal blank-first < "$b/korf50.txt" > "$b/korf50.pdb.ans"
	end=$(date +%s.%N)
	"$b/judge" check -shape 5x5 -goal blank-first "$b/korf50.txt" "$b/korf50.pdb.ans" | tail -1 | sed 's/^/   /'
	paste "$b/korf50.opt" "$b/korf50.pdb.ans" | awk -v t0="$start" -v t1="$end" '{o += $1; p += length($2); if (length($2) / $1 > m) m = length($2) / $1} END {printf "   fast, with the zero-aware 6-6-6-6 set: %d moves against the optimal %d: %.3fx (at worst %.2fx), in %.2f s\n", p, o, p / o, m, t1 - t0}'
	total=0
	for n in 25 32 38 40 44; do
		line=$(grep -v '^#' ../shared/data/korf50.txt | awk -v n=$n '$1 == n')
		board=$(echo "$line" | awk '{s=""; for (i = 2; i <= 26; i++) s = s (i > 2 ? " " : "") $i; print s}')
		v=$("$b/solve" -optimal -v -pdb "$b/pdb5" -goal blank-first "$board" 2>&1 >/dev/null | tail -1)
		echo "$line $v" | awk '{split($0, a, "case 1: "); printf "   #%s: optimal %s, Korf and Felner %d nodes; here %s\n", $1, $27, $28, a[2]}'
		nodes=$(echo "$v" | awk '{for (i = 1; i < NF; i++) if ($(i + 1) == "nodes,") print $i}')
		total=$((total + nodes))
	done
	grep -v '^#' ../shared/data/korf50.txt | awk -v here=$total '$1 == 25 || $1 == 32 || $1 == 38 || $1 == 40 || $1 == 44 {t += $28} END {printf "   the five: %d nodes here, %d by Korf and Felner: %.2fx\n", here, t, here / t}'
fi
