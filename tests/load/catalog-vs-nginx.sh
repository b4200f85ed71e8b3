#!/usr/bin/env bash
# Load harness (issue 16; not part of the test command). The release binary against nginx
# (`worker_processes 1`, `gzip_static on`) serving the same bytes, load from `wrk -t1 -c64`
# with and without `Accept-Encoding: gzip, br` as browsers send it, all on loopback, one run:
#
#   1. demo shop: the catalogue list API, a hashed JS bundle, HTML shells, a search — kiosk
#      req/s and p99 next to nginx's, with the ratio;
#   2. 100 000 products (imported from JSON made by make_products.py): import time and peak
#      RSS, start to first answer, RSS after start and under load, the first page of new
#      filters/sorts, the sitemap index, Thai and Latin search p99 at 64 connections.
#
# Usage: tests/load/catalog-vs-nginx.sh [seconds-per-run] [products]   (default 10, 100000)
# Set SKIP_BIG=1 to run part 1 only; VARIANTS=4 gives every generated product options and 4
# variants (100 000 products, 400 000 variants; make_products.py --variants). Needs wrk, nginx and curl (installed with apt-get when
# missing). Durable orders over HTTP: `cargo bench --bench orders`.
set -euo pipefail
cd "$(dirname "$0")/../.."
DURATION="${1:-10}"
PRODUCTS="${2:-100000}"
need() { command -v "$1" >/dev/null || { echo "installing $2"; apt-get install -y -qq "$2" >/dev/null; }; }
need wrk wrk
need nginx nginx-light
need curl curl

cargo build --release --locked --bin kiosk >/dev/null
BIN=target/release/kiosk
WORK=$(mktemp -d)
KIOSK_PID=""
NGINX_PID=""
cleanup() {
  [ -n "$KIOSK_PID" ] && kill "$KIOSK_PID" 2>/dev/null || true
  [ -n "$NGINX_PID" ] && kill "$NGINX_PID" 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT
AE="Accept-Encoding: gzip, br"

now_ms() { echo $(($(date +%s%N) / 1000000)); }
rss() { awk '/VmRSS/ {printf "%d MB", $2 / 1024}' "/proc/$1/status"; }

# Starts kiosk on DATA; sets KIOSK_PID, BASE and STARTUP (ms from exec to the first answer).
start_kiosk() {
  local data=$1 started
  # The last start's "listening on" must not be read before this start truncates the file.
  rm -f "$WORK/out"
  started=$(now_ms)
  MIMALLOC_PURGE_DELAY=0 "$BIN" serve --listen 127.0.0.1:0 --data-dir "$data" >"$WORK/out" 2>"$WORK/err" &
  KIOSK_PID=$!
  until grep -q "listening on" "$WORK/out" 2>/dev/null; do sleep 0.002; done
  BASE=$(sed -n 's/^listening on //p' "$WORK/out")
  until curl -sf "$BASE/api/health" >/dev/null; do sleep 0.002; done
  STARTUP=$(($(now_ms) - started))
}
stop_kiosk() { kill "$KIOSK_PID"; wait "$KIOSK_PID" 2>/dev/null || true; KIOSK_PID=""; }

# wrk → "req/s p99"
load() {
  local url=$1; shift
  wrk -t1 -c64 -d"${DURATION}s" --latency "$@" "$url" |
    awk '/Requests\/sec/ {rps = $2} /^ +99%/ {p99 = $2} END {printf "%s %s", rps, p99}'
}
row() { # name kiosk-url nginx-url [wrk args]
  local name=$1 k=$2 n=$3; shift 3
  local kr nr
  kr=$(load "$k" "$@")
  if [ -n "$n" ]; then
    nr=$(load "$n" "$@")
    awk -v name="$name" -v k="$kr" -v n="$nr" 'BEGIN {
      split(k, a, " "); split(n, b, " ");
      printf "| %-44s | %9.0f req/s, p99 %-8s | %9.0f req/s, p99 %-8s | %5.2f |\n", name, a[1], a[2], b[1], b[2], a[1] / b[1] }'
  else
    awk -v name="$name" -v k="$kr" 'BEGIN { split(k, a, " ");
      printf "| %-44s | %9.0f req/s, p99 %-8s | %-28s | %5s |\n", name, a[1], a[2], "-", "-" }'
  fi
}

echo "== 1. demo shop, kiosk against nginx serving the same bytes (wrk -t1 -c64, ${DURATION}s each)"
start_kiosk "$WORK/demo"
echo "start to first answer, new database (creates and seeds it): $STARTUP ms"
stop_kiosk
start_kiosk "$WORK/demo"
echo "start to first answer, existing database: $STARTUP ms; RSS $(rss "$KIOSK_PID")"

LIST="/api/app/product/list?limit=24&lang=th"
ASSET=$(curl -sf "$BASE/" | grep -o '/assets/index-[^"]*\.js' | head -1)
mkdir -p "$WORK/nginx/html/assets" "$WORK/nginx/html/th/room"
fetch() { curl -sf --compressed -o "$2" "$BASE$1"; } # the identity bytes
fetch "$LIST" "$WORK/nginx/html/list.json"
curl -sf -H "Accept-Encoding: gzip" -o "$WORK/nginx/html/list.json.gz" "$BASE$LIST"
fetch "$ASSET" "$WORK/nginx/html$ASSET"
cp "ui/dist$ASSET.gz" "$WORK/nginx/html$ASSET.gz"
fetch "/th/room/living" "$WORK/nginx/html/th/room/living.html"
curl -sf -H "Accept-Encoding: gzip" -o "$WORK/nginx/html/th/room/living.html.gz" "$BASE/th/room/living"
echo "list answer: $(wc -c <"$WORK/nginx/html/list.json") B raw, $(curl -sf -H "$AE" "$BASE$LIST" | wc -c) B br, $(wc -c <"$WORK/nginx/html/list.json.gz") B gzip"
echo "JS bundle $ASSET: $(wc -c <"$WORK/nginx/html$ASSET") B raw, $(wc -c <"ui/dist$ASSET.br") B br"

cat >"$WORK/nginx/nginx.conf" <<CONF
worker_processes 1;
error_log $WORK/nginx/error.log;
pid $WORK/nginx/nginx.pid;
events { worker_connections 1024; }
http {
  access_log off;
  include /etc/nginx/mime.types;
  gzip_static on;
  client_body_temp_path $WORK/nginx; proxy_temp_path $WORK/nginx; fastcgi_temp_path $WORK/nginx; uwsgi_temp_path $WORK/nginx; scgi_temp_path $WORK/nginx;
  server {
    listen 127.0.0.1:18999;
    root $WORK/nginx/html;
    location = /list.json { default_type application/json; }
    location /th/ { default_type text/html; try_files \$uri.html =404; }
  }
}
CONF
nginx -c "$WORK/nginx/nginx.conf" -g 'daemon off;' &
NGINX_PID=$!
sleep 0.5
NG=http://127.0.0.1:18999
echo
echo "| what | kiosk | nginx, same bytes | ratio |"
echo "|---|---|---|---|"
row "list?limit=24 (gzip, br)" "$BASE$LIST" "$NG/list.json" -H "$AE"
row "list?limit=24 (no Accept-Encoding)" "$BASE$LIST" "$NG/list.json"
row "hashed JS bundle (gzip, br)" "$BASE$ASSET" "$NG$ASSET" -H "$AE"
row "/th/room/living HTML shell (gzip, br)" "$BASE/th/room/living" "$NG/th/room/living" -H "$AE"
row "/ HTML shell (gzip, br)" "$BASE/" "" -H "$AE"
row "search?keyword=sofa (gzip, br)" "$BASE/api/app/search?keyword=sofa&lang=en" "" -H "$AE"
echo "kiosk RSS after part 1: $(rss "$KIOSK_PID")"
stop_kiosk

[ "${SKIP_BIG:-0}" = 1 ] && exit 0

echo
echo "== 2. $PRODUCTS products${VARIANTS:+ (VARIANTS=$VARIANTS)}"
start_kiosk "$WORK/big"
"$BIN" catalog export --data-dir "$WORK/big" "$WORK/demo.json" >/dev/null
stop_kiosk
if [ "${VARIANTS:-0}" -gt 0 ]; then
  python3 tests/load/make_products.py "$WORK/demo.json" "$PRODUCTS" "$WORK/big.json" --variants "$VARIANTS"
  echo "($PRODUCTS products with $VARIANTS variants each: $((PRODUCTS * VARIANTS)) variants)"
else
  python3 tests/load/make_products.py "$WORK/demo.json" "$PRODUCTS" "$WORK/big.json"
fi
echo "catalogue file: $(du -m "$WORK/big.json" | cut -f1) MB"
/usr/bin/time -f "%e s, peak RSS %M KB" -o "$WORK/import-time" "$BIN" catalog import --data-dir "$WORK/big" "$WORK/big.json" | tail -1
echo "import (no server): $(cat "$WORK/import-time")"
READY_FROM=$(now_ms)
start_kiosk "$WORK/big"
echo "start to first answer: $STARTUP ms; RSS $(rss "$KIOSK_PID")"
sleep 2
echo "RSS 2 s after start: $(rss "$KIOSK_PID")"
first() { curl -s -o /dev/null -w "%{time_total}" -H "$AE" "$BASE$1" | awk '{printf "%.1f ms", $1 * 1000}'; }
for q in "room=living&sort=price_asc" "category=sofas&sort=newest&material=teak" "minPrice=500000&maxPrice=1500000&sort=price_desc&page=3" "colour=grey&sort=popular"; do
  echo "first page of a new filter ($q): $(first "/api/app/product/list?$q&lang=th")"
done
echo "sitemap index: $(first /sitemap.xml), $(curl -s "$BASE/sitemap.xml" | grep -c '<loc>') children"
until [ "$(curl -s -o /dev/null -w '%{http_code}' "$BASE/api/app/search?keyword=sofa")" = 200 ]; do sleep 0.2; done
echo "keyword search ready (words indexed in the background): $(($(now_ms) - READY_FROM)) ms after start"
THAI=$(python3 -c 'import urllib.parse; print(urllib.parse.quote("โซฟา ไม้สัก"))')
export KEYWORDS="$THAI|$(python3 -c 'import urllib.parse; print(urllib.parse.quote("เตียง"))')|$(python3 -c 'import urllib.parse; print(urllib.parse.quote("ตู้เสื้อผ้า"))')" LANG_PARAM=th
echo
echo "| search, $PRODUCTS products, 64 connections | kiosk | | |"
echo "|---|---|---|---|"
row "search Thai (โซฟา ไม้สัก), repeated" "$BASE/api/app/search?keyword=$THAI&lang=th" "" -H "$AE"
row "search Latin (teak sofa), repeated" "$BASE/api/app/search?keyword=teak%20sofa&lang=en" "" -H "$AE"
row "list, 100k (gzip, br)" "$BASE$LIST" "" -H "$AE"
row "distinct Thai searches (not cached)" "$BASE" "" -H "$AE" -s tests/load/distinct-searches.lua
KEYWORDS="teak%20sofa|oak%20table|grey%20chair" LANG_PARAM=en row "distinct Latin searches (not cached)" "$BASE" "" -H "$AE" -s tests/load/distinct-searches.lua
echo "RSS under load (after the runs): $(rss "$KIOSK_PID")"
stop_kiosk
