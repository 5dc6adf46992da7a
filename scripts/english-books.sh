#!/bin/sh
# Runs metz solve on every problem of English-checkers problem books in PDN
# (a position and its Result only, as in the PDN standard's repository,
# https://github.com/wiegerw/pdn, games/succeed: beginner.pdn, lpc.pdn,
# gem.pdn, bridges.pdn, goulds.pdn, borderclassics.pdn, ...). Those files
# carry no licence, so metz does not ship them: give a local copy.
#
#   scripts/english-books.sh [-t 10s] [-j 1] /tmp/pdn/games/succeed/gem.pdn ...
#
# The Result of an English-checkers book is written Black's score first
# (Black, "Red", moves first): "1-0" Black wins, "0-1" White wins. From the
# side to move of the FEN that is the result metz solve must give: win when
# the winner moves, loss when the other side moves, draw for 1/2-1/2. Each
# problem gets the time budget -t (default 10s); -j runs that many solves at
# once; -b N first builds the tables of each problem of up to N pieces
# whose material they lack (metz endgame probe, within -m memory; not
# timed, saved for later runs; a build past the memory is skipped). -m
# (default 1GB) is also each solve's memory budget; the saved tables are
# mapped, not read onto the heap, and read whatever the budget (metz
# endgame build --rules english --pieces 6 saves every six-piece one).
# It prints one line per problem that misses (stated, got, seconds) and a
# summary per file: problems, stated results given, within the budget.
# The tables metz uses are those of $METZ_TABLES, else the user cache.
#
# With -v the book is imported into a database of its own and verified in
# one process, as a user does (metz import BOOK.pdn; metz verify --all),
# with verify's default budget unless -t gives one: verify first builds,
# once, the tables of up to 6 pieces the problems reach. A stated result
# is given when the verdict is sound, sound-incomplete or cooked, or when
# it is unproven with a first move proven to meet the goal (a win or a
# draw for the side to move: another first move left undecided).
set -eu
budget=10s
timed=0
jobs=1
build=0
memory=1GB
verify=0
while getopts t:j:b:m:v o; do
	case $o in
	t) budget=$OPTARG timed=1 ;;
	j) jobs=$OPTARG ;;
	b) build=$OPTARG ;;
	m) memory=$OPTARG ;;
	v) verify=1 ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
if [ $# -lt 1 ]; then
	echo "usage: $0 [-t BUDGET] [-j JOBS] [-b PIECES [-m MEMORY]] [-v] BOOK.pdn ..." >&2
	exit 2
fi
metz=${METZ:-metz}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for book in "$@"; do
	if [ "$verify" = 1 ]; then
		db="$work/$(basename "$book").db"
		"$metz" import "$book" --db "$db" --rules english >/dev/null 2>&1
		set -- --all --db "$db" --jobs "$jobs" --json
		[ "$timed" = 1 ] && set -- "$@" --budget "$budget"
		"$metz" verify "$@" >"$work/verified.json"
		"$metz" list --db "$db" --json >"$work/listed.json"
		jq -r --slurpfile l "$work/listed.json" '
			($l[0] | map({key: (.id|tostring), value: "\(.title)\t\(.fen)"}) | from_entries) as $name
			| .[] | select(.verdict != "no-position")
			| (.verdict == "sound" or .verdict == "sound-incomplete" or .verdict == "cooked"
			   or (.verdict == "unproven" and (.keys // [] | length) > 0 and .goal != "loss")) as $ok
			| "\($ok)\t\($name[.problem_id|tostring])\t\(.goal)\t\(.verdict)\t\(.seconds)"' "$work/verified.json" >"$work/out"
		awk -F'\t' -v b="$(basename "$book")" '$1 != "true" { printf "%s: %s\t%s: stated %s, got %s %.1f s\n", b, $2, $3, $4, $5, $6 }' "$work/out"
		printf '%s: %d problems, %d stated results (metz verify --all)\n' "$(basename "$book")" \
			"$(wc -l <"$work/out")" "$(grep -c '^true' "$work/out" || true)"
		continue
	fi
	# One line per game: event, FEN, result (the tag, else the terminator).
	awk '
		/^\[Event /  { ev = $0; sub(/^\[Event "/, "", ev); sub(/"\].*$/, "", ev) }
		/^\[FEN /    { fen = $0; sub(/^\[FEN "/, "", fen); sub(/"\].*$/, "", fen) }
		/^\[Result / { res = $0; sub(/^\[Result "/, "", res); sub(/"\].*$/, "", res) }
		/^[^[]/ && fen != "" { print ev "\t" fen "\t" res; fen = ""; res = "" }
	' "$book" | tr -d '\r' >"$work/list"
	: >"$work/out"
	n=0
	while IFS="$(printf '\t')" read -r ev fen res; do
		n=$((n + 1))
		turn=$(printf %s "$fen" | cut -c1)
		case "$res" in
		1-0) winner=B ;;
		0-1) winner=W ;;
		1/2-1/2) winner=D ;;
		*) winner=? ;;
		esac
		if [ "$winner" = D ]; then want=draw
		elif [ "$winner" = "$turn" ]; then want=win
		else want=loss
		fi
		printf '%s\t%s\t%s\t%s\n' "$n" "$ev" "$fen" "$want"
	done <"$work/list" >"$work/jobs"
	if [ "$build" -gt 0 ]; then
		cut -f3 "$work/jobs" | while read -r fen; do
			pieces=$(printf %s "$fen" | tr -cd ',:' | wc -c)
			if [ "$pieces" -le "$build" ]; then # a comma or colon a piece
				"$metz" endgame probe "$fen" --rules english --memory "$memory" >/dev/null 2>&1 </dev/null ||
					echo "$(basename "$book"): $fen: tables not built" >&2
			fi
		done
	fi
	# Solve in parallel, one JSON answer per problem.
	export metz budget work memory
	# shellcheck disable=SC2016
	<"$work/jobs" xargs -d '\n' -P "$jobs" -I{} sh -c '
		line="$1"
		n=$(printf %s "$line" | cut -f1); fen=$(printf %s "$line" | cut -f3); want=$(printf %s "$line" | cut -f4)
		got=$("$metz" solve "$fen" --rules english --budget "$budget,1000M-nodes,$memory" --json 2>/dev/null | jq -r "[.result, (.seconds|tostring)] | join(\" \")" 2>/dev/null || echo "error 0")
		printf "%s\t%s\t%s\n" "$n" "$want" "$got" >"$work/r.$n"
	' _ {}
	total=0
	ok=0
	for f in "$work"/r.*; do
		[ -e "$f" ] || continue
		total=$((total + 1))
		IFS="$(printf '\t')" read -r n want got <"$f"
		if [ "${got%% *}" = "$want" ]; then
			ok=$((ok + 1))
		else
			ev=$(awk -F'\t' -v n="$n" '$1 == n { print $2 "\t" $3 }' "$work/jobs")
			printf '%s: %s: stated %s, got %s s\n' "$(basename "$book")" "$ev" "$want" "$got"
		fi
		rm -f "$f"
	done
	printf '%s: %d problems, %d stated results within %s each\n' "$(basename "$book")" "$total" "$ok" "$budget"
done
