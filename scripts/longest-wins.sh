#!/bin/sh
# Solves each published longest 2-4-piece international win listed in
# solver/longest_test.go from an empty table directory (a new one each
# time: nothing read from an earlier run), and prints one line a position:
#   FEN  published-plies  plies-metz-gave  wall-seconds  user-seconds
# then how many gave other plies and how many took 1 s of wall time or
# more. usage: scripts/longest-wins.sh [METZ-BINARY] (default ./metz)
set -eu
bin=${1:-./metz}
list=$(dirname "$0")/../solver/longest_test.go
bad=0
slow=0
for entry in $(grep -o '{"W:[^"]*", [0-9]*' "$list" | sed 's/{"//; s/", /=/'); do
	fen=${entry%=*}
	plies=${entry#*=}
	d=$(mktemp -d)
	t=$({ /usr/bin/time -f "%e %U" "$bin" solve "$fen" --tables "$d" --json >"$d/out.json"; } 2>&1)
	got=$(grep -o '"plies":[0-9]*' "$d/out.json" | head -1 | cut -d: -f2)
	rm -rf "$d"
	echo "$fen $plies ${got:-none} $t"
	[ "${got:-}" = "$plies" ] || bad=$((bad + 1))
	case ${t%% *} in 0.*) ;; *) slow=$((slow + 1)) ;; esac
done
echo "$bad with other plies than published, $slow taking 1 s of wall time or more"
