#!/bin/sh
# Runs the corpus harness from the repository root; all arguments are passed
# on (e.g. -only grpc, -bench -rounds 5). See corpus/README.md.
set -e
cd "$(dirname "$0")/.."
exec go run ./cmd/corpus "$@"
