#!/usr/bin/env bash
# Playing a one-hour FLAC in `bluelibrary tui`: the decoder streams the file from disk and one thread
# feeds the device, so the resident set stays small however long the track (goal: under 40 MB) and
# playing costs little processor time (goal: under 5 % of one core). The peer is ffmpeg playing the same
# file in real time (`ffmpeg -re -i FILE -f alsa null`).
#
#   bench/tui-playback.sh [BINARY] [SECONDS]      e.g. bench/tui-playback.sh .build/release/bluelibrary 60
#
# The FLAC is an hour of stereo pink noise at 44.1 kHz made by ffmpeg (noise does not compress, so a
# player that read the file whole would show it: about 230 MB). The real binary runs in tmux on ALSA's
# `null` device under `/usr/bin/time -v`; `p` plays the album, `.` jumps ahead a few times (each jump
# opens the decoder at another place), then the script measures SECONDS of playing: processor time
# from /proc/PID/stat (user + system) before and after, the resident set with `ps`, and the peak
# resident set from `time -v` once the app has quit.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-.build/release/bluelibrary}
seconds=${2:-30}
[ -x "$bin" ] || { echo "bench/tui-playback.sh: $bin is not an executable (build first: make release)" >&2; exit 1; }
scripts/setup.sh ffmpeg tmux time bc
work=$(mktemp -d)
socket="bltui-$$"
trap 'tmux -L "$socket" kill-server 2>/dev/null || true; rm -rf "$work"' EXIT
export BLUELIBRARY_HOME=$work/home BLUELIBRARY_OFFLINE=1 LANG=C.UTF-8

mkdir -p "$work/music/Long Play" "$work/home"
flac="$work/music/Long Play/01 One Hour.flac"
echo "making an hour of FLAC..." >&2
ffmpeg -nostdin -v error -f lavfi -i "anoisesrc=color=pink:sample_rate=44100:amplitude=0.3:duration=3600" \
    -ac 2 -sample_fmt s16 -c:a flac -metadata title="One Hour" -metadata artist="Bench" \
    -metadata album="Long Play" -metadata track=1 "$flac"
"$bin" remove --all -y >/dev/null
"$bin" import "$work/music" >/dev/null

ticks=$(getconf CLK_TCK)
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
rss_mb() { ps -o rss= -p "$1" | awk '{printf "%.1f", $1 / 1024}'; }
wait_for() {
    for _ in $(seq 200); do tmux -L "$socket" capture-pane -p -t tui | grep -q "$1" && return 0; sleep 0.05; done
    echo "bench/tui-playback.sh: the screen never showed $1" >&2
    tmux -L "$socket" capture-pane -p -t tui >&2
    exit 1
}
# Processor time used by PID during SECONDS, as a percentage of one core.
cpu_percent() {
    local before after
    before=$(cpu_ticks "$1")
    sleep "$seconds"
    after=$(cpu_ticks "$1")
    echo "($after - $before) * 100 / ($ticks * $seconds)" | bc -l | xargs printf '%.2f'
}

tmux -L "$socket" new-session -d -s tui -x 100 -y 30 \
    "env TERM=xterm-256color /usr/bin/time -v -o $work/time.txt $bin tui --device null"
wait_for "album 1 of 1"
pid=$(pgrep -P "$(tmux -L "$socket" display-message -p -t tui '#{pane_pid}')" -x bluelibrary)
tmux -L "$socket" send-keys -t tui p
wait_for "Playing  01  One Hour"
for _ in 1 2 3 4 5 6; do tmux -L "$socket" send-keys -t tui .; sleep 0.2; done
sleep 2
ours_cpu=$(cpu_percent "$pid")
ours_rss=$(rss_mb "$pid")
tmux -L "$socket" capture-pane -p -t tui | grep "Playing" >&2
tmux -L "$socket" send-keys -t tui q
for _ in $(seq 100); do [ -s "$work/time.txt" ] && break; sleep 0.1; done
ours_peak=$(awk -F': ' '/Maximum resident set size/ {printf "%.1f", $2 / 1024}' "$work/time.txt")

ffmpeg -nostdin -v error -re -i "$flac" -f alsa null &
peer=$!
sleep 2
peer_cpu=$(cpu_percent "$peer")
peer_rss=$(rss_mb "$peer")
kill "$peer"
wait "$peer" 2>/dev/null || true

printf 'one-hour FLAC (%d MB), %d s of playing on ALSA null:\n' "$(($(stat -c %s "$flac") / 1000000))" "$seconds"
printf '  bluelibrary tui: %s %% of one core, resident %s MB (peak %s MB)   goals: < 5 %%, < 40 MB\n' \
    "$ours_cpu" "$ours_rss" "$ours_peak"
printf '  ffmpeg -re:      %s %% of one core, resident %s MB\n' "$peer_cpu" "$peer_rss"
printf '  ratio (ours / ffmpeg): processor %s, resident %s\n' \
    "$(echo "$ours_cpu / ($peer_cpu + 0.001)" | bc -l | xargs printf '%.2f')" \
    "$(echo "$ours_rss / $peer_rss" | bc -l | xargs printf '%.2f')"
