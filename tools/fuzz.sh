#!/usr/bin/env bash
# Runs every Go native fuzz target in the module for FUZZTIME each (default
# 10000x, 10,000 inputs, about a second each here; `make test` gives each 3,000,
# `make fuzz` 2,000,000). A finding is written under the package's
# testdata/fuzz and fails the run. Counts, not durations: with a duration, Go's
# fuzz coordinator (go1.26) can report "context deadline exceeded" as a failure
# when the time runs out under CPU load, with no finding (go.dev/issue/75804).
set -euo pipefail
cd "$(dirname "$0")/.."
FUZZTIME="${FUZZTIME:-10000x}"
mapfile -t targets < <(grep -rl --include='*_test.go' '^func Fuzz' pkg server tests 2>/dev/null |
  xargs grep -H '^func Fuzz' | sed -E 's#^(.*)/[^/]+_test\.go:func (Fuzz[A-Za-z0-9_]*)\(.*#\1 \2#' | sort -u)
for t in "${targets[@]}"; do
  read -r dir name <<<"$t"
  echo "fuzz ${dir} ${name} for ${FUZZTIME}"
  go test -run '^$' -fuzz "^${name}\$" -fuzztime "${FUZZTIME}" -parallel 2 "./${dir}"
done
