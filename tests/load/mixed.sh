#!/usr/bin/env bash
# Idle memory after a long mixed load (issue 15): N minutes of browsing traffic through wrk
# (pages in five languages, listings, product answers, image variants, searches new to the
# server) while shoppers register, sign in, fill carts and place orders; then the shop idles and
# its resident memory is printed every 10 s for a minute. Loopback only.
# Usage: tests/load/mixed.sh [minutes=10] [path-to-kiosk]   (default: target/release/kiosk)
set -euo pipefail
cd "$(dirname "$0")/../.."
MINUTES="${1:-10}"
BIN="${2:-target/release/kiosk}"
CONNECTIONS="${CONNECTIONS:-16}"
# BROWSING=0 or SHOPPERS=0 leave out that half of the load (to see which one holds memory).
BROWSING="${BROWSING:-1}"
SHOPPERS="${SHOPPERS:-1}"
command -v wrk >/dev/null || { echo "mixed.sh needs wrk (apt-get install wrk)" >&2; exit 1; }
WORK=$(mktemp -d)
trap 'kill $KIOSK_PID 2>/dev/null || true; rm -rf "$WORK"' EXIT

# As packaging/kiosk.service runs it (freed memory goes back to the system at once).
MIMALLOC_PURGE_DELAY=0 KIOSK_REGISTRATIONS_PER_HOUR=100000 "$BIN" serve --listen 127.0.0.1:0 --data-dir "$WORK/data" >"$WORK/out" 2>"$WORK/err" &
KIOSK_PID=$!
until grep -q "listening on" "$WORK/out" 2>/dev/null; do sleep 0.01; done
BASE=$(sed -n 's/^listening on //p' "$WORK/out")
until curl -sf "$BASE/api/health" >/dev/null; do sleep 0.01; done
sleep 1
# Resident memory, and how much of it is the heap (anonymous) and the binary's own pages
# (file-backed: code and the embedded UI, fonts and PDF once served; the kernel can drop them).
rss() { awk '/VmRSS|RssAnon|RssFile/ {printf "%s %.0f MB  ", $1, $2/1024} END {print ""}' /proc/$KIOSK_PID/status; }
echo "RSS at start: $(rss)"

SHOPPER_SECONDS=$((MINUTES * 60))
[ "$SHOPPERS" = 1 ] || SHOPPER_SECONDS=0
python3 - "$BASE" "$SHOPPER_SECONDS" >"$WORK/shoppers" 2>&1 <<'PY' &
import json, sys, time, urllib.request, urllib.error
base, seconds = sys.argv[1], int(sys.argv[2])
def call(method, path, body=None, token=None):
    headers = {"Content-Type": "application/json"}
    if token: headers["Authorization"] = "Bearer " + token
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + path, data, headers, method=method)
    try:
        with urllib.request.urlopen(req, timeout=30) as r: return r.status, json.loads(r.read() or b"{}")
    except urllib.error.HTTPError as e: return e.code, {}
end, n, placed, statuses = time.time() + seconds, 0, 0, {}
address = {"name": "Somchai", "phone": "0812345678", "line1": "99/9 Sukhumvit Road",
           "district": "Khlong Toei", "province": "bangkok", "postcode": "10110"}
while time.time() < end:
    n += 1
    user = f"mixed{n}"
    s, _ = call("POST", "/api/auth/register", {"username": user, "password": "teak sofa 42 mixed", "name": "Mixed"})
    statuses[s] = statuses.get(s, 0) + 1
    s, body = call("POST", "/api/auth/login", {"username": user, "password": "teak sofa 42 mixed"})
    token = body.get("token")
    if s != 200 or not token: continue
    _, me = call("GET", "/api/auth/user", None, token)
    uid = (me.get("data") or {}).get("id")
    for code in ("SF-1001", "TB-3001"):
        call("POST", "/api/app/cart/add", {"id": uid, "code": code, "qty": 1}, token)
    s, _ = call("POST", "/api/app/order/place", {"id": uid, "address": address, "payment": "promptpay",
                                                  "idempotencyKey": f"mixed-{n}"}, token)
    placed += s == 201
    call("GET", f"/api/app/order/list/{uid}", None, token)
    call("POST", "/api/auth/login", {"username": user, "password": "wrong password here"})
    time.sleep(0.2)
print(f"shoppers: {n} registered (answers {statuses}), {placed} orders placed")
PY
SHOPPERS=$!
if [ "$BROWSING" = 1 ]; then
  wrk -t1 -c"$CONNECTIONS" -d"${MINUTES}m" -s tests/load/mixed.lua "$BASE" | sed -n '1,12p'
fi
wait $SHOPPERS || true
cat "$WORK/shoppers"
echo "RSS right after the load: $(rss)"
for i in 1 2 3 4 5 6; do sleep 10; echo "idle ${i}0 s: $(rss)"; done
# The shop drops its caches after 30 s without a request (src/idle.rs): the last figure is the
# quiet shop's.
grep -c "WARN\|ERROR" "$WORK/err" | sed 's/^/log lines at WARN or ERROR: /' || true
