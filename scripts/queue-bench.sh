#!/bin/sh
# The job queue's throughput on this machine: N generated problems queued
# (metz verify --all --queue) and verified by one worker process, then by
# two (metz worker --jobs 1 --until-empty each), run in turns (two workers,
# then one) and timed by the wall clock; docs/deploy.md quotes the medians.
#   scripts/queue-bench.sh [N] [BUDGET] [RUNS]
# DB=postgres://… runs it on that (empty) PostgreSQL database instead of
# a temporary SQLite file.
set -eu
N=${1:-300}
BUDGET=${2:-300k-nodes}
RUNS=${3:-3}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
go build -o "$dir/metz" ./cmd/metz
db=${DB:-$dir/gen.db}
METZ_GENERATED_DB=$db METZ_GENERATED_N=$N go test ./cmd/metz -run '^TestGeneratedDB$' -count=1 >/dev/null
m="$dir/metz"
w="$m worker --db $db --tables none --jobs 1 --until-empty --quiet"
one="$m verify --all --queue --db $db --budget $BUDGET >/dev/null && $w 2>/dev/null"
two="$m verify --all --queue --db $db --budget $BUDGET >/dev/null && ($w 2>/dev/null & $w 2>/dev/null; wait)"
echo "$N problems, --budget $BUDGET; wall seconds, two workers then one, in turns"
wall() { s=$(date +%s.%N); sh -c "$1"; e=$(date +%s.%N); awk "BEGIN { printf \"%.2f\", $e - $s }"; }
i=0
while [ "$i" -lt "$RUNS" ]; do
  echo "two $(wall "$two")  one $(wall "$one")"
  i=$((i + 1))
done
