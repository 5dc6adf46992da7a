#!/bin/sh
# Imports a generated PDN of random legal 60-ply international games (50 MB
# by default, fixed seed: the same file every time) into a fresh database
# and prints the time, the peak memory and the games a second, as quoted in
# docs/performance.md.
#
#   scripts/import-bench.sh            # 50 MB
#   scripts/import-bench.sh 200MB      # any size: the memory stays the same
set -eu
size=${1:-50MB}
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/metz" ./cmd/metz
go run ./scripts/genpdn -size "$size" -seed 1 -o "$work/games.pdn"
/usr/bin/time -f "%e %U %S %M" -o "$work/time" "$work/metz" --db "$work/metz.db" import "$work/games.pdn"
games=$(grep -c '^\[Event ' "$work/games.pdn")
awk -v g="$games" '{ printf "%d games: %.1f s wall, %.1f s user, %.1f s sys, %d KB peak; %.0f games/s of wall time, %.0f of CPU time\n", g, $1, $2, $3, $4, g/$1, g/($2+$3) }' "$work/time"
