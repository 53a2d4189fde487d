#!/usr/bin/env bash
# The same wrk load against one server on SQLite, one on PostgreSQL, and two on one PostgreSQL database
# behind HAProxy: GET /api/albums?limit=20 alone, then searches for a word of their own (reads the
# server's cache cannot keep: each reaches the database), then with one request in ten a POST /api/albums. Prints
# requests/s and the 99th percentile side by side, and each setup's cost per request in CPU time (the
# servers' and PostgreSQL's, from /proc) — on a 2-core machine two servers cannot be faster than one: they
# share the cores with PostgreSQL and wrk.
#
#   bench/scale.sh [SECONDS] [CONNECTIONS]     (make bench-scale builds the static release binary first)
#
# PostgreSQL runs from a cluster made for the run in bench/out/scale (fsync on, as in production); as root
# its tools run as the postgres user. BLUELIBRARY_BIN picks another binary.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-10}
connections=${2:-16}
bin=${BLUELIBRARY_BIN:-$PWD/.build/release/bluelibrary}
[ -x "$bin" ] || { echo "build first: make release" >&2; exit 1; }
out=$PWD/bench/out/scale
rm -rf "$out" && mkdir -p "$out/sqlite" "$out/pg"
tools=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
as_postgres() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    as_postgres "$tools/pg_ctl" -D "$out/cluster" -m immediate -w stop >/dev/null 2>&1 || true
}
trap cleanup EXIT

[ "$(id -u)" = 0 ] && chown postgres: "$out"
pg_port=$(free_port)
as_postgres "$tools/initdb" -D "$out/cluster" -U bl -A trust -E UTF8 --locale=C.UTF-8 >/dev/null
printf "listen_addresses='127.0.0.1'\nport=%s\nunix_socket_directories='%s'\nmax_connections=100\n" \
    "$pg_port" "$out" >> "$out/cluster/postgresql.conf"
as_postgres "$tools/pg_ctl" -D "$out/cluster" -l "$out/postgres.log" -w start >/dev/null
as_postgres "$tools/createdb" -h "$out" -p "$pg_port" -U bl library
url="postgresql://bl@127.0.0.1:$pg_port/library"

serve() { # VARIABLE HOME_DIR [--database URL]: starts a server, sets VARIABLE to its port
    local variable=$1 home=$2 port
    shift 2
    port=$(free_port)
    BLUELIBRARY_HOME=$home BLUELIBRARY_OFFLINE=1 "$bin" "$@" serve --port "$port" > "$home/serve-$port.log" 2>&1 &
    pids+=($!)
    for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/api/state" >/dev/null && break; sleep 0.05; done
    printf -v "$variable" '%s' "$port"
}
serve sqlite_port "$out/sqlite"
serve pg_one "$out/pg" --database "$url"
serve pg_two "$out/pg" --database "$url"
proxy_port=$(free_port)
cat > "$out/haproxy.cfg" <<CFG
global
    maxconn 512
defaults
    mode http
    timeout connect 1s
    timeout client 30s
    timeout server 30s
frontend library
    bind 127.0.0.1:$proxy_port
    default_backend servers
backend servers
    balance roundrobin
    # On loopback a server answers only requests that name it (no DNS rebinding): the proxy names it.
    http-request set-header Host 127.0.0.1
    server one 127.0.0.1:$pg_one
    server two 127.0.0.1:$pg_two
CFG
haproxy -db -f "$out/haproxy.cfg" >/dev/null 2>&1 &
pids+=($!)
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$proxy_port/api/state" >/dev/null && break; sleep 0.05; done

cat > "$out/mix.lua" <<'LUA'
-- One request in ten adds an album; the others read the first page.
local n = 0
request = function()
    n = n + 1
    if n % 10 == 0 then
        local body = '{"title": "Bench ' .. n .. '", "artist": "wrk"}'
        return wrk.format("POST", "/api/albums", {["Content-Type"] = "application/json"}, body)
    end
    return wrk.format("GET", "/api/albums?limit=20")
end
LUA

cat > "$out/miss.lua" <<'LUA'
-- Each request searches for a word of its own: the server's cache of reads cannot answer it, so every
-- request is a read of the database. Each thread draws its own words.
local threads = 0
function setup(thread)
    threads = threads + 1
    thread:set("id", threads)
end
function init(args)
    math.randomseed(os.time() * 31 + id)
end
request = function()
    return wrk.format("GET", "/api/albums?limit=20&q=wrk" .. math.random(1, 1000000000))
end
LUA
cpu() { # the CPU time so far, in clock ticks, of the servers, HAProxy and PostgreSQL's processes
    local postmaster ticks=0
    postmaster=$(head -1 "$out/cluster/postmaster.pid")
    for pid in "${pids[@]}" "$postmaster" $(pgrep -P "$postmaster" || true); do
        [ -r "/proc/$pid/stat" ] && ticks=$((ticks + $(awk '{print $14 + $15}' "/proc/$pid/stat")))
    done
    echo "$ticks"
}
run() { # LABEL PORT [SCRIPT]
    local label=$1 port=$2 script=${3:-}
    local before; before=$(cpu)
    local report
    report=$(wrk -t2 -c"$connections" -d"${seconds}s" --latency ${script:+-s "$script"} "http://127.0.0.1:$port/api/albums?limit=20")
    local after; after=$(cpu)
    local rps p99 requests failed
    rps=$(awk '/Requests\/sec/ {print $2}' <<< "$report")
    p99=$(awk '$1 == "99%" {print $2}' <<< "$report")
    requests=$(awk '/requests in/ {print $1}' <<< "$report")
    failed=$(awk '/Non-2xx/ {print $NF} /Socket errors/ {print "socket errors"}' <<< "$report")
    local per_request
    per_request=$(python3 -c "print(f'{($after - $before) / $(getconf CLK_TCK) / max($requests, 1) * 1e6:.0f}')")
    printf '  %-34s %9s req/s   p99 %9s   %6s µs CPU per request%s\n' "$label" "$rps" "$p99" \
        "$per_request" "${failed:+   (failed: $failed)}"
}

echo "wrk: $connections connections, ${seconds} s each, on $(nproc) cores"
# The searches run before the adds, on the new library's five albums: what they measure is the cost of a
# read that reaches the database, not a scan of however many albums the adds left.
for mix in "reads only" "reads the cache cannot keep (a search each)" "reads with 10 % adds"; do
    case "$mix" in
        "reads only") script="" ;;
        "reads with 10 % adds") script="$out/mix.lua" ;;
        *) script="$out/miss.lua" ;;
    esac
    echo "$mix:"
    run "one server, SQLite" "$sqlite_port" "$script"
    run "one server, PostgreSQL" "$pg_one" "$script"
    run "two servers on PostgreSQL, HAProxy" "$proxy_port" "$script"
done
