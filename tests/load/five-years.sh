#!/usr/bin/env bash
# Five years of a busy shop, measured beside the same catalogue without history (issue 36;
# docs/PERFORMANCE.md "Five years of data").
#
#   tests/load/five-years.sh [SCALE=1]
#
# SCALE 1 = 100 000 products, 300 000 customers, 1 000 000 orders over five years (their status
# history, activity lines, sent messages, stock and coin ledgers, reviews) and 2 000 000
# abandoned visitor carts, written by examples/five_years.rs through the shop's own tables and
# index functions; 0.05 is a twentieth, for a quick look. The baseline is the same catalogue
# with no history (`--catalogue-only`). For each shop: start to first answer and to search
# ready, RSS after start, staff pages p99, the year's CSV export (its extra RSS), order
# placement, kiosk check/backup/restore, shoppers' p99 during the backup, the first hourly
# housekeeping's time, RSS after the load; then both columns and their ratio. Exits non-zero
# when a target of the issue is missed.
#
# Env: BIN (default target/release/kiosk), GEN (target/release/examples/five_years; both built
# when missing), WORK (scratch folder, default a new one under /tmp, removed at the end unless
# KEEP=1), RUNS (requests per staff page, 100), ORDER_SECONDS (15). Needs python3 and curl.
set -euo pipefail
cd "$(dirname "$0")/../.."
SCALE="${1:-1}"
BIN="${BIN:-target/release/kiosk}"
GEN="${GEN:-target/release/examples/five_years}"
if [ ! -x "$BIN" ] || [ ! -x "$GEN" ]; then
  cargo build --release --locked --bin kiosk --example five_years
fi
WORK="${WORK:-$(mktemp -d /tmp/five-years.XXXXXX)}"
mkdir -p "$WORK"
PIDS=()
cleanup() {
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  [ "${KEEP:-0}" = 1 ] || rm -rf "$WORK"
}
trap cleanup EXIT

generate() { # name, extra args
  local name=$1; shift
  if [ ! -f "$WORK/$name/kiosk.redb" ]; then
    local t=$(date +%s)
    "$GEN" "$WORK/$name" "$SCALE" "$@" >"$WORK/$name.gen" 
    echo "generated $name in $(( $(date +%s) - t )) s"
  fi
  sed -n '/^table/,/^file/p' "$WORK/$name.gen"
}

measure() { # name → $WORK/name.json
  local name=$1 data="$WORK/$1"
  local out="$WORK/$name.out" started
  started=$(date +%s%N)
  MIMALLOC_PURGE_DELAY=0 KIOSK_LOG__LEVEL=info "$BIN" serve --listen 127.0.0.1:0 --data-dir "$data" >"$out" 2>&1 &
  local pid=$!
  PIDS+=("$pid")
  until grep -q "listening on" "$out" 2>/dev/null; do sleep 0.005; done
  local base
  base=$(sed -n 's/^listening on //p' "$out" | head -1)
  until curl -sf "$base/api/health" >/dev/null; do sleep 0.005; done
  local first=$(( ($(date +%s%N) - started) / 1000000 ))
  until [ "$(curl -s -o /dev/null -w '%{http_code}' "$base/api/app/search?keyword=sofa")" = 200 ]; do sleep 0.05; done
  local ready=$(( ($(date +%s%N) - started) / 1000000 ))
  local rss
  rss=$(awk '/VmRSS/ {printf "%.1f", $2 / 1024}' /proc/$pid/status)
  # The first housekeeping runs at start; wait for its line (it prunes carts past 60 days).
  local waited=0
  until grep -q "retention done" "$out" || [ $waited -ge 600 ]; do sleep 1; waited=$((waited + 1)); done
  local housekeeping
  housekeeping=$(grep -o 'ms=[0-9]*.*retention done\|retention done.*ms=[0-9]*' "$out" | grep -o 'ms=[0-9]*' | head -1 | cut -d= -f2)
  local codes
  codes=$(sed -n 's/^sample products: //p' "$WORK/$name.gen")
  echo "measuring $name ($base)…" >&2
  python3 tests/load/five_years_measure.py "$base" "$pid" "$BIN" "$data" "$WORK" "$codes" >"$WORK/$name.figures"
  kill "$pid"; wait "$pid" 2>/dev/null || true
  python3 - "$WORK/$name.figures" "$first" "$ready" "$rss" "${housekeeping:-}" >"$WORK/$name.json" <<'PY'
import json, sys
f = json.load(open(sys.argv[1]))
f["start to first answer ms"] = int(sys.argv[2])
f["start to search ready ms"] = int(sys.argv[3])
f["rss after start"] = float(sys.argv[4])
f["housekeeping ms"] = int(sys.argv[5]) if sys.argv[5] else None
print(json.dumps(f))
PY
  local compact_t
  compact_t=$(date +%s%N)
  "$BIN" compact --data-dir "$data" >"$WORK/$name.compact" 2>&1 || true
  echo "kiosk compact ($name): $(cat "$WORK/$name.compact") [$(( ($(date +%s%N) - compact_t) / 1000000 )) ms]"
}

echo "== the same catalogue without history (scale $SCALE)"
generate empty --catalogue-only
echo "== five years (scale $SCALE)"
generate five
measure empty
measure five

python3 - "$WORK/empty.json" "$WORK/five.json" "$SCALE" <<'PY'
import json, sys
empty, five, scale = json.load(open(sys.argv[1])), json.load(open(sys.argv[2])), sys.argv[3]
missed = []
def row(name, a, b, unit=""):
    ratio = f"{b / a:.2f}x" if isinstance(a, (int, float)) and isinstance(b, (int, float)) and a else "-"
    print(f"{name:<38} {str(a) + unit:>14} {str(b) + unit:>14} {ratio:>8}")
print(f"{'':<38} {'no history':>14} {'five years':>14} {'ratio':>8}")
row("start to first answer", empty["start to first answer ms"], five["start to first answer ms"], " ms")
row("start to search ready", empty["start to search ready ms"], five["start to search ready ms"], " ms")
row("RSS after start", empty["rss after start"], five["rss after start"], " MB")
row("RSS after the load", empty["rss after load"], five["rss after load"], " MB")
if five["start to first answer ms"] > 2000: missed.append("start > 2 s")
if five["rss after load"] > 1.5 * empty["rss after load"]: missed.append("RSS > 1.5x the catalogue's")
for page in [k for k, v in five.items() if isinstance(v, dict) and "p99" in v and "statuses" in v]:
    row(f"p99 {page}", empty[page]["p99"], five[page]["p99"], " ms")
    if five[page]["p99"] > 50: missed.append(f"{page} p99 {five[page]['p99']} ms > 50 ms")
    if any(s >= 500 for s in five[page]["statuses"]): missed.append(f"{page} answered {five[page]['statuses']}")
e, f = empty["export a year"], five["export a year"]
row("year export rows", e["rows"], f["rows"])
row("year export seconds", e["seconds"], f["seconds"], " s")
row("year export extra RSS", e["extra_rss_mb"], f["extra_rss_mb"], " MB")
if f["extra_rss_mb"] > 50: missed.append("export extra RSS > 50 MB")
row("orders per second (8 shoppers)", empty["orders"]["per_second"], five["orders"]["per_second"])
row("order placement p99", empty["orders"]["p99"], five["orders"]["p99"], " ms")
if five["orders"]["per_second"] < 0.8 * empty["orders"]["per_second"]: missed.append("order rate < 0.8x")
row("kiosk check", empty["kiosk check"]["seconds"], five["kiosk check"]["seconds"], " s")
row("kiosk backup (while serving)", empty["kiosk backup"]["seconds"], five["kiosk backup"]["seconds"], " s")
row("backup size", empty["kiosk backup"]["mb"], five["kiosk backup"]["mb"], " MB")
row("kiosk restore", empty["kiosk restore"]["seconds"], five["kiosk restore"]["seconds"], " s")
row("shopper p99 normal", empty["shopper p99 normal"], five["shopper p99 normal"], " ms")
row("shopper p99 during backup", empty["shopper p99 during backup"], five["shopper p99 during backup"], " ms")
row("first housekeeping", empty["housekeeping ms"], five["housekeeping ms"], " ms")
if five["kiosk backup"]["seconds"] > 60: missed.append("backup > 60 s")
if five["shopper p99 during backup"] > 3 * max(five["shopper p99 normal"], 1): missed.append("shopper p99 during backup > 3x")
print()
print("targets missed at scale " + scale + ": " + ("; ".join(missed) if missed else "none"))
sys.exit(1 if missed else 0)
PY
