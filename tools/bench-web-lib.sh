# Shared by the browser benchmarks that compare builds (sourced, not run:
# bench-web.sh, bench-keep-offline.sh): this tree built as bin/pocket and the
# baseline, a commit or branch built the same way in a scratch copy as
# $tmp/pocket-base, and a generated library of $count recordings imported for
# demo@example.com into $tmp/data. The caller sets tmp (removed on exit),
# count and base_ref.

trap 'rm -rf "$tmp"' EXIT

bench_web_builds() {
  make build >/dev/null
  mkdir -p "$tmp/base"
  git archive "$base_ref" | tar -x -C "$tmp/base"
  ln -s "$PWD/node_modules" "$tmp/base/node_modules"
  (cd "$tmp/base" && npm run -s build >/dev/null && go build -o "$tmp/pocket-base" ./server/cmd/pocket)
}

bench_web_library() {
  bin/pocket fixtures gen --count "$count" --out "$tmp/gen" >/dev/null
  bin/pocket import --user demo@example.com --data-dir "$tmp/data" "$tmp/gen" | tail -1
  echo "# $(date -u +%F) $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg); baseline $base_ref ($(git rev-parse --short "$base_ref"))"
}
