#!/usr/bin/env bash
# Memory of Recordings playing a one-hour recording: the player streams the WAV from disk, so the
# resident set stays small (goal: under 30 MB) however long the file is. It runs the real binary in
# tmux on ALSA's null device, plays the recording, jumps through it with 0-9 and reads the process's peak
# resident set (VmHWM) from /proc.
#
#   bench/recordings-memory.sh BINARY [MINUTES]      e.g. bench/recordings-memory.sh .build/release/recordings
set -euo pipefail
bin=${1:?usage: bench/recordings-memory.sh BINARY [MINUTES]}
minutes=${2:-60}
[ -x "$bin" ] || { echo "bench/recordings-memory.sh: $bin is not an executable" >&2; exit 1; }
for tool in tmux python3 bc; do
    command -v "$tool" >/dev/null || { echo "bench/recordings-memory.sh: needs $tool" >&2; exit 1; }
done
work=$(mktemp -d)
socket="recmem-$$"
trap 'tmux -L "$socket" kill-server 2>/dev/null || true; rm -rf "$work"' EXIT

# A store with one recording of MINUTES minutes (mono 16-bit 44.1 kHz, a sparse file of silence).
python3 - "$work" "$minutes" <<'PY'
import json, struct, sys, uuid
work, minutes = sys.argv[1], int(sys.argv[2])
rid = str(uuid.uuid4()).upper()
frames = 44100 * 60 * minutes
size = frames * 2
with open(f"{work}/{rid}.wav", "wb") as f:
    f.write(b"RIFF" + struct.pack("<I", 36 + size) + b"WAVEfmt " + struct.pack("<IHHIIHH", 16, 1, 1, 44100, 88200, 2, 16)
            + b"data" + struct.pack("<I", size))
    f.truncate(44 + size)
store = {"format": "recordings", "version": 1, "id": "00000000-0000-0000-0000-000000000000", "name": "Recordings",
         "contents": [{"kind": "recording", "id": rid, "name": "Long"}]}
json.dump(store, open(f"{work}/store.json", "w"))
PY

tmux -L "$socket" new-session -d -s rec -x 100 -y 30 "env LANG=C.UTF-8 $bin --store $work --device null"
wait_for() { for _ in $(seq 200); do tmux -L "$socket" capture-pane -p -t rec | grep -q "$1" && return 0; sleep 0.05; done
    echo "bench/recordings-memory.sh: the screen never showed $1" >&2; exit 1; }
wait_for "Long"
pid=$(tmux -L "$socket" display-message -p -t rec '#{pane_pid}')
tmux -L "$socket" send-keys -t rec Enter
wait_for "Name: Long"
tmux -L "$socket" send-keys -t rec Space
for digit in 1 2 3 4 5 6 7 8 9 0; do
    tmux -L "$socket" send-keys -t rec "$digit"
    sleep 0.5
done
peak=$(awk '/VmHWM/ {print $2}' "/proc/$pid/status")
now=$(awk '/VmRSS/ {print $2}' "/proc/$pid/status")
tmux -L "$socket" send-keys -t rec q
printf 'a %d-minute WAV (%d MB on disk), played and jumped through: peak resident %.1f MB, now %.1f MB (goal: under 30 MB)\n' \
    "$minutes" $((minutes * 60 * 88200 / 1000000)) "$(echo "$peak / 1024" | bc -l)" "$(echo "$now / 1024" | bc -l)"
