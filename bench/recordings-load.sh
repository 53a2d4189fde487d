#!/usr/bin/env bash
# How long Recordings takes to show its first frame on a big store: COUNT items (default 50,000) in the
# root folder, half folders and half recordings (goal: within 1 s at 50,000; reading is n log n). It
# runs the real binary in tmux for each architecture and times from the start of the process until the
# list shows its first row, for COUNT/4, COUNT/2 and COUNT items, so the growth can be seen too. Each
# figure is the median of RUNS runs (default 3): the wall-clock time, and the processor time the
# process had used by then (utime + stime from /proc, 10 ms steps), which a loaded machine changes less.
# The peer is Python's json.load of the same store.json (parsing alone, no tree, no screen).
#
# Measured here (release build, 2 cores shared with other builds, load 4-7), first frame / processor:
#   12,500 items  120-160 ms / 50-60 ms      25,000  190-320 ms / 110-120 ms
#   50,000 items  390-600 ms / 230-240 ms in every architecture (before: 1,386 ms for MVC, with
#   JSONSerialization, names trimmed twice and a sort through dictionary look-ups)
#
#   bench/recordings-load.sh BINARY [COUNT] [RUNS]      e.g. bench/recordings-load.sh .build/release/recordings
set -euo pipefail
bin=${1:?usage: bench/recordings-load.sh BINARY [COUNT] [RUNS]}
count=${2:-50000}
runs=${3:-3}
[ -x "$bin" ] || { echo "bench/recordings-load.sh: $bin is not an executable" >&2; exit 1; }
command -v tmux >/dev/null || { echo "bench/recordings-load.sh: needs tmux" >&2; exit 1; }
work=$(mktemp -d)
socket="recload-$$"
trap 'tmux -L "$socket" kill-server 2>/dev/null || true; rm -rf "$work"' EXIT
ticks=$(getconf CLK_TCK)
# The tmux server runs for the whole bench (a session that only sleeps keeps it), so its start is not
# timed; the screen is looked at every 10 ms, which costs the process under test little processor.
tmux -L "$socket" new-session -d -s keep -x 20 -y 5 "sleep 100000"

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# One run: prints "WALL_MS CPU_MS".
first_frame() {
    local dir=$1 architecture=$2 started ended pid cpu
    rm -f "$dir/state.json"
    started=$(date +%s%N)
    tmux -L "$socket" new-session -d -s load -x 100 -y 30 \
        "exec env LANG=C.UTF-8 $bin --store $dir --device null --architecture $architecture"
    local waited=0
    until tmux -L "$socket" capture-pane -p -t load | grep -q "item 0"; do
        sleep 0.01
        waited=$((waited + 1))
        [ "$waited" -lt 3000 ] || { echo "bench/recordings-load.sh: no first frame after 30 s" >&2; exit 1; }
    done
    ended=$(date +%s%N)
    pid=$(tmux -L "$socket" display-message -p -t load '#{pane_pid}')
    cpu=$(awk -v t="$ticks" '{ print int(($14 + $15) * 1000 / t) }' "/proc/$pid/stat")
    tmux -L "$socket" kill-session -t load
    echo "$(((ended - started) / 1000000)) $cpu"
}

printf '%8s  %-7s %14s %14s %16s\n' items arch "first frame" "processor" "json.load peer"
for n in $((count / 4)) $((count / 2)) "$count"; do
    dir="$work/$n"
    mkdir -p "$dir"
    python3 - "$dir" "$n" <<'PY'
import json, random, sys, uuid
directory, n = sys.argv[1], int(sys.argv[2])
random.seed(n)
items = [{"kind": "folder" if i % 2 else "recording", "id": str(uuid.uuid4()).upper(), "name": f"item {random.random():.12f}"}
         for i in range(n)]
for item in items:
    if item["kind"] == "folder":
        item["contents"] = []
json.dump({"format": "recordings", "version": 1, "id": "00000000-0000-0000-0000-000000000000", "name": "Recordings",
           "contents": items}, open(f"{directory}/store.json", "w"))
PY
    peer=$(for _ in $(seq "$runs"); do
        python3 -c 'import json, sys, time
started = time.perf_counter(); json.load(open(sys.argv[1])); print(int((time.perf_counter() - started) * 1000))' \
            "$dir/store.json"
    done | median)
    for architecture in mvc mvvm-c mvc-vs mavb tea; do
        results=$(for _ in $(seq "$runs"); do first_frame "$dir" "$architecture"; done)
        wall=$(cut -d' ' -f1 <<<"$results" | median)
        cpu=$(cut -d' ' -f2 <<<"$results" | median)
        printf '%8d  %-7s %11d ms %11d ms %9d ms %4.1fx\n' "$n" "$architecture" "$wall" "$cpu" "$peer" \
            "$(awk -v a="$wall" -v b="$peer" 'BEGIN { print (b > 0 ? a / b : 0) }')"
    done
done
