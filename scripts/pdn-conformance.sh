#!/bin/sh
# Checks metz's PDN reading against the PDN 3.0 standard's conformance files
# (https://github.com/wiegerw/pdn: games/succeed, "files every parser must
# accept", and games/fail, "files every parser must reject"). Those files
# carry no licence, so metz does not ship them: give a local copy.
#
#   git clone https://github.com/wiegerw/pdn /tmp/pdn
#   scripts/pdn-conformance.sh /tmp/pdn
#
# It passes when every game of every succeed file is read with every move
# replayed on its board (a game no system of metz replays is kept as read
# with a warning and listed), and every fail file gives at least one warning
# with its line.
# Add -v to see each file's games and warnings.
set -eu
if [ $# -lt 1 ] || [ ! -d "$1/games/succeed" ]; then
	echo "usage: $0 PDN-REPOSITORY-COPY [-v]  (a directory holding games/succeed and games/fail)" >&2
	exit 2
fi
dir=$(cd "$1" && pwd)
shift
cd "$(dirname "$0")/.."
PDN_CONFORMANCE="$dir" exec go test -count=1 -run '^TestConformance$' "$@" ./importer
