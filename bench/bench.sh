#!/usr/bin/env bash
# Benchmarks of the table lookups and the batch path (go test -bench).
set -euo pipefail
cd "$(dirname "$0")/.."
go test -run XXX -bench . -benchtime 1s ./table ./batch ./internal/perm
