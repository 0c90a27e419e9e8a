#!/bin/sh
# Runs each fuzz target of the suite for FUZZTIME (default 30s), one
# after the other, on one worker: the targets generate or mutate Go
# source around the shapes the analyzers recognise, type-check it and run
# every analyzer on it (see fuzz_test.go). A crasher is written under
# testdata/fuzz/<target>/; commit it with the fix so that plain go test
# replays it.
#
#	scripts/fuzz.sh            # every target, 30s each
#	FUZZTIME=2m scripts/fuzz.sh FuzzShapes
set -eu
cd "$(dirname "$0")/.."
time=${FUZZTIME:-30s}
targets=${*:-$(go test -list '^Fuzz' . | grep '^Fuzz')}
for t in $targets; do
	echo "== $t ($time)"
	go test -run='^$' -fuzz="^$t\$" -fuzztime="$time" -parallel=1 .
done
