#!/bin/sh
# Imports English-checkers problem books together into a fresh database and
# counts the positions printed in two or more of them, each found from
# either side with metz similar (the same position, or turned with the
# colours reversed). The books are the PDN standard's (its repository,
# https://github.com/wiegerw/pdn, games/succeed: beginner.pdn, gem.pdn,
# lpc.pdn, bridges.pdn, goulds.pdn, borderclassics.pdn); they carry no
# licence, so metz ships none of them: give a local copy.
#
#   scripts/similar-books.sh /tmp/pdn/games/succeed/{beginner,gem,lpc,bridges,goulds,borderclassics}.pdn
#
# It prints, for each pair of books, how many of the first's records the
# second repeats, then the count of positions in two books or more, and
# any match found from one side only (there should be none). Needs jq.
set -eu
if [ $# -lt 2 ]; then
	echo "usage: $0 BOOK.pdn BOOK.pdn ..." >&2
	exit 2
fi
metz=${METZ:-./metz}
db=$(mktemp -d)/books.db
"$metz" --db "$db" import --rules english "$@" >/dev/null
ids=$("$metz" --db "$db" list --json | jq -r '.[] | select(.fen != "") | .id')
pairs=$(mktemp)
for id in $ids; do
	"$metz" --db "$db" similar "$id" --json | jq -r --arg id "$id" '
		.matches[] | select(.relation == "same" or .relation == "colours-reversed" or .relation == "mirrored")
		| [$id, (.id|tostring), .relation] | @tsv'
done >"$pairs"
"$metz" --db "$db" list --json | jq -r '.[] | [(.id|tostring), .source, (.number|tostring)] | @tsv' >"$pairs.names"
awk -F'\t' '
	FILENAME == ARGV[1] { src[$1] = $2; name[$1] = $2 ":" $3; next }
	{ found[$1 SUBSEP $2] = $3; if (src[$1] != src[$2]) across[src[$1] " -> " src[$2]]++ }
	function find(x) { while (parent[x] != "" && parent[x] != x) x = parent[x]; return x }
	END {
		for (k in found) {
			split(k, ab, SUBSEP)
			if (!((ab[2] SUBSEP ab[1]) in found)) { print "one side only: " name[ab[1]] " -> " name[ab[2]]; onesided++ }
			a = find(ab[1]); b = find(ab[2]); if (parent[a] == "") parent[a] = a; if (a != b) parent[b] = a
			if (parent[ab[1]] == "") parent[ab[1]] = ab[1]; if (parent[ab[2]] == "") parent[ab[2]] = ab[2]
		}
		for (p in across) print p ": " across[p]
		for (x in parent) { r = find(x); books[r] = books[r] (index(books[r], "," src[x] ",") ? "" : "," src[x] ",") ; if (src[x] == "") continue }
		for (r in books) { n = gsub(/,,/, ",", books[r]); c = split(books[r], bs, ","); k = 0; for (i in bs) if (bs[i] != "") k++; if (k >= 2) { multi++; if (k > 2) more++ } }
		reversed = 0; for (k in found) if (found[k] == "colours-reversed") { split(k, ab, SUBSEP); if (src[ab[1]] != src[ab[2]]) reversed++ }
		printf "positions printed in two or more books: %d (%d in three or more); matches across books with the colours reversed: %d (each counted from both sides); found from one side only: %d\n", multi, more, reversed, onesided
	}' "$pairs.names" "$pairs"
