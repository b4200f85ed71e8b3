#!/usr/bin/env bash
# Load harness for HTTPS served by the shop itself (issue 34; not part of the test command):
# the release binary with [tls] cert_file/key_file against nginx (`worker_processes 1`,
# `gzip_static on`, `ssl_session_cache`, HTTP/2) serving the same bytes with the same
# certificate, all on loopback, one run each:
#
#   1. the cached catalogue list answer with `Accept-Encoding: gzip` over HTTP/2
#      (h2load -c16 -m10) and over HTTP/1.1 with TLS (wrk -t1 -c64), kiosk req/s beside nginx's;
#   2. new TLS connections per second: every request on a new connection (wrk
#      `Connection: close`, TLS 1.3 full handshakes, P-256 certificate);
#   3. a storefront page's requests (the page, its scripts, styles and fonts) over ONE HTTP/2
#      connection (h2load -c1 -m100), pages per second and time per page.
#
# Usage: tests/load/tls-vs-nginx.sh [seconds-per-run]   (default 10). BIN=path uses another
# binary (the figures in docs/PERFORMANCE.md are from the release build). Needs h2load
# (nghttp2-client), wrk, nginx, openssl and curl (installed with apt-get when missing).
set -euo pipefail
cd "$(dirname "$0")/../.."
DURATION="${1:-10}"
need() { command -v "$1" >/dev/null || { echo "installing $2"; apt-get install -y -qq "$2" >/dev/null; }; }
need h2load nghttp2-client
need wrk wrk
need nginx nginx-light
need curl curl
need openssl openssl

if [ -z "${BIN:-}" ]; then
  cargo build --release --locked --bin kiosk >/dev/null
  BIN=target/release/kiosk
fi
WORK=$(mktemp -d)
# nginx's worker (www-data when started as root) must read the files it serves.
chmod 755 "$WORK"
KIOSK_PID=""
NGINX_PID=""
cleanup() {
  [ -n "$KIOSK_PID" ] && kill "$KIOSK_PID" 2>/dev/null || true
  [ -n "$NGINX_PID" ] && kill "$NGINX_PID" 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT

# One certificate for both servers.
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 30 \
  -subj /CN=localhost -addext subjectAltName=DNS:localhost,IP:127.0.0.1 \
  -keyout "$WORK/key.pem" -out "$WORK/cert.pem" 2>/dev/null

KPORT=18443
NPORT=19443
KIOSK_TLS__CERT_FILE="$WORK/cert.pem" KIOSK_TLS__KEY_FILE="$WORK/key.pem" \
  KIOSK_TLS__HTTPS_LISTEN="127.0.0.1:$KPORT" KIOSK_TLS__HTTP_LISTEN=127.0.0.1:18081 \
  MIMALLOC_PURGE_DELAY=0 "$BIN" serve --data-dir "$WORK/demo" >"$WORK/out" 2>"$WORK/err" &
KIOSK_PID=$!
K=https://127.0.0.1:$KPORT
for _ in $(seq 600); do curl -ksf "$K/api/health" >/dev/null && break; sleep 0.05; done
curl -ksf "$K/api/health" >/dev/null || { echo "kiosk did not answer on $K:" >&2; cat "$WORK/err" >&2; exit 1; }
echo "kiosk: $(curl -ksI --http2 "$K/api/health" | head -1 | tr -d '\r'), $(curl -ksI "$K/api/health" | grep -i '^strict-transport' | tr -d '\r')"

LIST="/api/app/product/list?limit=24&lang=th"
PAGE="/th/room/living"
H=$WORK/nginx/html
mkdir -p "$H/api/app/product" "$H/th/room"
curl -ksf --compressed -o "$H/list.json" "$K$LIST"
curl -ksf -H "Accept-Encoding: gzip" -o "$H/list.json.gz" "$K$LIST"
curl -ksf --compressed -o "$H/th/room/living.html" "$K$PAGE"
curl -ksf -H "Accept-Encoding: gzip" -o "$H/th/room/living.html.gz" "$K$PAGE"
printf '{"status":"success"}' >"$H/health.json"
# The page's own requests: scripts, preloads, styles and fonts it names.
grep -oE '(src|href)="/[^"]+\.(js|css|woff2)"' "$H/th/room/living.html" | sed -E 's/^(src|href)="//; s/"$//' | sort -u >"$WORK/assets"
while read -r asset; do
  mkdir -p "$H$(dirname "$asset")"
  curl -ksf --compressed -o "$H$asset" "$K$asset"
  curl -ksf -H "Accept-Encoding: gzip" -o "$H$asset.gz" "$K$asset" || true
done <"$WORK/assets"
echo "list answer: $(wc -c <"$H/list.json") B raw, $(wc -c <"$H/list.json.gz") B gzip; page $PAGE: 1 + $(wc -l <"$WORK/assets") requests"

cat >"$WORK/nginx/nginx.conf" <<CONF
worker_processes 1;
error_log $WORK/nginx/error.log;
pid $WORK/nginx/nginx.pid;
events { worker_connections 4096; }
http {
  access_log off;
  # nginx ends a connection after 1 000 requests by default; h2load does not reconnect, so
  # its figure would be 16 connections x 1 000 requests / duration, not nginx's speed.
  keepalive_requests 10000000;
  include /etc/nginx/mime.types;
  gzip_static on;
  ssl_certificate $WORK/cert.pem;
  ssl_certificate_key $WORK/key.pem;
  ssl_protocols TLSv1.2 TLSv1.3;
  ssl_session_cache shared:SSL:10m;
  client_body_temp_path $WORK/nginx; proxy_temp_path $WORK/nginx; fastcgi_temp_path $WORK/nginx; uwsgi_temp_path $WORK/nginx; scgi_temp_path $WORK/nginx;
  server {
    listen 127.0.0.1:$NPORT ssl http2;
    root $H;
    add_header Strict-Transport-Security "max-age=31536000" always;
    location = /api/app/product/list { default_type application/json; try_files /list.json =404; }
    location = /api/health { default_type application/json; try_files /health.json =404; }
    location /th/ { default_type text/html; try_files \$uri.html =404; }
  }
}
CONF
nginx -c "$WORK/nginx/nginx.conf" -g 'daemon off;' &
NGINX_PID=$!
N=https://127.0.0.1:$NPORT
for _ in $(seq 200); do curl -ksf "$N/api/health" >/dev/null && break; sleep 0.05; done
curl -ksf "$N/api/health" >/dev/null || { echo "nginx did not answer on $N:" >&2; cat "$WORK/nginx/error.log" >&2; exit 1; }
[ "$(curl -ks -H 'Accept-Encoding: gzip' "$N$LIST" | wc -c)" = "$(wc -c <"$H/list.json.gz")" ] || echo "warning: nginx does not send the gzip bytes"

h2rps() { # url [h2load args] -> req/s
  local url=$1; shift
  h2load -D "$DURATION" "$@" "$url" 2>/dev/null | awk '/^finished in/ {gsub(",", "", $4); print $4}'
}
wrkrps() { # url [wrk args] -> "req/s p99"
  local url=$1; shift
  wrk -t1 -d"${DURATION}s" --latency "$@" "$url" |
    awk '/Requests\/sec/ {rps = $2} /^ +99%/ {p99 = $2} END {printf "%s %s", rps, p99}'
}
row() { # name kiosk nginx (req/s, optionally " p99")
  awk -v name="$1" -v k="$2" -v n="$3" 'BEGIN { split(k, a, " "); split(n, b, " ");
    printf "| %-52s | %9.0f %-8s | %9.0f %-8s | %5.2f |\n", name, a[1], a[2], b[1], b[2], a[1] / b[1] }'
}

echo
echo "| what (${DURATION} s each, loopback) | kiosk req/s (p99) | nginx req/s (p99) | ratio |"
echo "| --- | --- | --- | --- |"
AE="Accept-Encoding: gzip"
row "list answer, gzip, HTTP/2 (h2load -c16 -m10)" \
  "$(h2rps "$K$LIST" -c16 -m10 -H "$AE")" "$(h2rps "$N/api/app/product/list" -c16 -m10 -H "$AE")"
row "list answer, gzip, HTTP/1.1 + TLS (wrk -c64)" \
  "$(wrkrps "$K$LIST" -c64 -H "$AE")" "$(wrkrps "$N/api/app/product/list" -c64 -H "$AE")"
row "new TLS connection per request (wrk -c16, close)" \
  "$(wrkrps "$K/api/health" -c16 -H 'Connection: close')" "$(wrkrps "$N/api/health" -c16 -H 'Connection: close')"

# One storefront page over one HTTP/2 connection, as a browser loads it.
{ echo "$PAGE"; cat "$WORK/assets"; } >"$WORK/page-k"
{ echo "$PAGE"; cat "$WORK/assets"; } >"$WORK/page-n"
per_page=$(wc -l <"$WORK/page-k")
pages() { # base urls-file -> pages/s
  sed "s|^|$1|" "$2" >"$2.full"
  h2load -c1 -m100 -n $((per_page * 200)) -H "$AE" -i "$2.full" 2>/dev/null |
    awk -v per="$per_page" '/^finished in/ {gsub(",", "", $4); printf "%.1f", $4 / per}'
}
kp=$(pages "$K" "$WORK/page-k")
np=$(pages "$N" "$WORK/page-n")
row "storefront page ($per_page requests, one h2 connection), pages/s" "$kp" "$np"
awk -v k="$kp" -v n="$np" 'BEGIN { printf "one page over one connection: kiosk %.1f ms, nginx %.1f ms\n", 1000 / k, 1000 / n }'
echo "kiosk RSS after the runs: $(awk '/VmRSS/ {printf "%d MB", $2 / 1024}' "/proc/$KIOSK_PID/status")"
