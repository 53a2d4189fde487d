#!/usr/bin/env bash
# Start-up of the command line: `bluelibrary list` on a new five-album library, next to the sqlite3
# shell running the same SELECT on the same file (goal: within 2x).
#
#   bench/startup.sh BINARY [RUNS]      e.g. bench/startup.sh .build/release/bluelibrary
#
# It builds nothing: give it the binary to measure (ship and measure the static release build, `make
# release`). Both commands run without a shell (hyperfine -N), RUNS times each (default 51, at least 21),
# after a warm-up. The runs are split into three rounds that alternate which command goes first, so a
# change in the machine's load (other builds) weighs on both alike; the medians over all runs and their
# ratio are printed, with each round's ratio to show the spread.
set -euo pipefail
bin=${1:?usage: bench/startup.sh BINARY [RUNS]}
runs=${2:-51}
[ -x "$bin" ] || { echo "bench/startup.sh: $bin is not an executable" >&2; exit 1; }
[ "$runs" -ge 21 ] || { echo "bench/startup.sh: at least 21 runs" >&2; exit 1; }
for tool in hyperfine sqlite3 python3; do
    command -v "$tool" >/dev/null || { echo "bench/startup.sh: needs $tool (scripts/setup.sh $tool)" >&2; exit 1; }
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
db="$work/library.db"
# A brand-new library holds the tutorial's five albums; listing it once creates it.
"$bin" --library "$db" list >"$work/ours.txt"
select="SELECT (row_number() OVER (ORDER BY position) - 1) || '  ' || artist || ' - ' || title
    || coalesce(' (' || year || ')', '') FROM albums ORDER BY position"
sqlite3 "$db" "$select" >"$work/theirs.txt"
cmp -s "$work/ours.txt" "$work/theirs.txt" || {
    echo "bench/startup.sh: the two commands print different lines:" >&2
    diff "$work/ours.txt" "$work/theirs.txt" >&2 || true
    exit 1
}

ours=(-n "bluelibrary list" "$bin --library $db list")
theirs=(-n "sqlite3 SELECT" "sqlite3 $db \"$select\"")
rounds=3
per_round=$(((runs + rounds - 1) / rounds))
for round in $(seq 1 "$rounds"); do
    if [ $((round % 2)) -eq 1 ]; then order=("${ours[@]}" "${theirs[@]}"); else order=("${theirs[@]}" "${ours[@]}"); fi
    hyperfine -N --warmup 5 --runs "$per_round" --export-json "$work/round-$round.json" --style basic "${order[@]}"
done

python3 - "$work" "$rounds" <<'PY'
import json, statistics, sys
work, rounds = sys.argv[1], int(sys.argv[2])
times = {"bluelibrary list": [], "sqlite3 SELECT": []}
spread = []
for round in range(1, rounds + 1):
    results = {r["command"]: r["times"] for r in json.load(open(f"{work}/round-{round}.json"))["results"]}
    for command in times:
        times[command] += results[command]
    spread.append(statistics.median(results["bluelibrary list"]) / statistics.median(results["sqlite3 SELECT"]))
ours, theirs = (statistics.median(times[c]) for c in ("bluelibrary list", "sqlite3 SELECT"))
ratio = ours / theirs
verdict = "ok" if ratio <= 2.0 else "SLOWER THAN GOAL"
rounds_text = ", ".join(f"{r:.2f}x" for r in spread)
print(f"start-up: bluelibrary list {ours * 1000:.2f} ms, sqlite3 {theirs * 1000:.2f} ms "
      f"(medians of {len(times['bluelibrary list'])} runs each), ratio {ratio:.2f}x (goal <= 2x) {verdict}; "
      f"by round {rounds_text}")
PY
