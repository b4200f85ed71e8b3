#!/usr/bin/env bash
# Load benchmark (DESIGN.md §8): the catalogue list API against nginx serving the same bytes
# as a static file, with the same load generator (wrk), on the same machine, in the same run.
# Also reports start-up time to the first answer and idle memory (RSS) of the release binary.
# Loopback only. Usage: tests/load/catalog-vs-nginx.sh [seconds-per-run]   (default 10)
set -euo pipefail
cd "$(dirname "$0")/../.."
DURATION="${1:-10}"
need() { command -v "$1" >/dev/null || { echo "installing $2"; apt-get install -y -qq "$2" >/dev/null; }; }
need wrk wrk
need nginx nginx

cargo build --release --locked --bin kiosk >/dev/null
WORK=$(mktemp -d)
trap 'kill $KIOSK_PID $NGINX_PID 2>/dev/null || true; rm -rf "$WORK"' EXIT

# Start-up: from exec to the first successful answer.
start_ns=$(date +%s%N)
target/release/kiosk serve --listen 127.0.0.1:0 --data-dir "$WORK/data" >"$WORK/out" 2>"$WORK/err" &
KIOSK_PID=$!
until grep -q "listening on" "$WORK/out" 2>/dev/null; do sleep 0.005; done
BASE=$(sed -n 's/^listening on //p' "$WORK/out")
until curl -sf "$BASE/api/health" >/dev/null; do sleep 0.005; done
echo "start-up to first answer (first start: creates and seeds the database): $(( ($(date +%s%N) - start_ns) / 1000000 )) ms"
kill $KIOSK_PID; wait $KIOSK_PID 2>/dev/null || true
start_ns=$(date +%s%N)
target/release/kiosk serve --listen 127.0.0.1:0 --data-dir "$WORK/data" >"$WORK/out" 2>"$WORK/err" &
KIOSK_PID=$!
until grep -q "listening on" "$WORK/out" 2>/dev/null; do sleep 0.005; done
BASE=$(sed -n 's/^listening on //p' "$WORK/out")
until curl -sf "$BASE/api/health" >/dev/null; do sleep 0.005; done
echo "start-up to first answer (existing database): $(( ($(date +%s%N) - start_ns) / 1000000 )) ms"
sleep 1
echo "idle RSS: $(awk '/VmRSS/ {print $2, $3}' /proc/$KIOSK_PID/status)"

URL_PATH="/api/app/product/list?limit=24"
curl -sf "$BASE$URL_PATH" -o "$WORK/list.json"
echo "response: $(wc -c <"$WORK/list.json") bytes uncompressed"

mkdir -p "$WORK/nginx/html"
cp "$WORK/list.json" "$WORK/nginx/html/list.json"
cat >"$WORK/nginx/nginx.conf" <<CONF
worker_processes 2;
error_log $WORK/nginx/error.log;
pid $WORK/nginx/nginx.pid;
events { worker_connections 1024; }
http {
  access_log off;
  default_type application/json;
  client_body_temp_path $WORK/nginx; proxy_temp_path $WORK/nginx; fastcgi_temp_path $WORK/nginx; uwsgi_temp_path $WORK/nginx; scgi_temp_path $WORK/nginx;
  server { listen 127.0.0.1:18999; root $WORK/nginx/html; }
}
CONF
nginx -c "$WORK/nginx/nginx.conf" -g 'daemon off;' &
NGINX_PID=$!
sleep 0.5

run() {
  wrk -t2 -c32 -d"${DURATION}s" --latency "$1" | awk '/Requests\/sec/ {print "  req/s", $2} /99%/ {print "  p99  ", $2} /50%/ {print "  p50  ", $2}'
}
echo "kiosk  $BASE$URL_PATH"; KIOSK_OUT=$(run "$BASE$URL_PATH"); echo "$KIOSK_OUT"
echo "nginx  static copy of the same bytes"; NGINX_OUT=$(run "http://127.0.0.1:18999/list.json"); echo "$NGINX_OUT"
k=$(echo "$KIOSK_OUT" | awk '/req\/s/ {print $2}'); n=$(echo "$NGINX_OUT" | awk '/req\/s/ {print $2}')
echo "kiosk / nginx throughput: $(awk -v k="$k" -v n="$n" 'BEGIN {printf "%.2f", k / n}') (budget: >= 0.70)"
