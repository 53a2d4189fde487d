#!/usr/bin/env bash
# How long Recordings takes to show its first frame on a big store: COUNT items (default 50,000) in the
# root folder, half folders and half recordings (goal: within 1 s at 50,000; loading is n log n). It
# runs the real binary in tmux and times from the start of the process until the list shows its first
# row, for COUNT/4, COUNT/2 and COUNT items, so the growth can be seen too.
#
#   bench/recordings-load.sh BINARY [COUNT]      e.g. bench/recordings-load.sh .build/release/recordings
set -euo pipefail
bin=${1:?usage: bench/recordings-load.sh BINARY [COUNT]}
count=${2:-50000}
[ -x "$bin" ] || { echo "bench/recordings-load.sh: $bin is not an executable" >&2; exit 1; }
work=$(mktemp -d)
socket="recload-$$"
trap 'tmux -L "$socket" kill-server 2>/dev/null || true; rm -rf "$work"' EXIT

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
    started=$(date +%s%N)
    tmux -L "$socket" new-session -d -s "load$n" -x 100 -y 30 "env LANG=C.UTF-8 $bin --store $dir --device null"
    until tmux -L "$socket" capture-pane -p -t "load$n" | grep -q "item 0"; do sleep 0.005; done
    ended=$(date +%s%N)
    tmux -L "$socket" send-keys -t "load$n" q
    printf '%6d items: first frame after %4d ms\n' "$n" $(((ended - started) / 1000000))
done
