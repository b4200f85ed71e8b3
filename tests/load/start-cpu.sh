#!/usr/bin/env bash
# start-cpu.sh BIN DATA_DIR [RUNS]: the CPU seconds (user + system) a shop spends from exec to
# its first answer, and to keyword search ready (skipped with NO_SEARCH=1), with wall times and
# RSS beside. CPU time holds on a busy machine where wall time does not (docs/PERFORMANCE.md,
# "100 000 products sold in 400 000 variants"). Starts BIN without any environment variable.
BIN=$1; DATA=$2; RUNS=${3:-3}
tick=$(getconf CLK_TCK)
cpu() { awk -v t=$tick '{printf "%.2f", ($14 + $15) / t}' /proc/$1/stat; }
for r in $(seq $RUNS); do
  out=$(mktemp); started=$(date +%s%N)
  "$BIN" serve --listen 127.0.0.1:0 --data-dir "$DATA" >"$out" 2>&1 &
  pid=$!
  until grep -q "listening on" "$out" 2>/dev/null; do sleep 0.005; done
  base=$(sed -n 's/^listening on //p' "$out")
  until curl -sf "$base/api/health" >/dev/null; do sleep 0.005; done
  first_cpu=$(cpu $pid); first_wall=$((($(date +%s%N) - started) / 1000000))
  rss=$(awk '/VmRSS/ {printf "%d", $2 / 1024}' /proc/$pid/status)
  [ -n "$NO_SEARCH" ] || until [ "$(curl -s -o /dev/null -w '%{http_code}' "$base/api/app/search?keyword=sofa")" = 200 ]; do sleep 0.1; done
  ready_cpu=$(cpu $pid); ready_wall=$((($(date +%s%N) - started) / 1000000))
  rss2=$(awk '/VmRSS/ {printf "%d", $2 / 1024}' /proc/$pid/status)
  echo "run $r: first answer cpu ${first_cpu}s wall ${first_wall}ms rss ${rss}MB | search ready cpu ${ready_cpu}s wall ${ready_wall}ms rss ${rss2}MB"
  kill $pid; wait $pid 2>/dev/null; rm -f "$out"
done
