#!/bin/bash
# Smoke test of bin/nimbench (needs `mvn install` first): on every JDK given (default: `java` on
# the PATH and /usr/lib/jvm/temurin-25-jdk-amd64), from a foreign working directory and through a
# symlink, it must print C(13, 4) = 540318329 (also with the one-shot options), print its JVM
# options (--print-options), run a one-shot solve without the Vector API module and a vector one
# with it, exit 2 on bad input, train an archive and use it,
# and hint (not fail) once the jar is rebuilt (the archive is keyed by the JDK and the jar build). Prints one line per check; exit 1
# on the first failure. It replaces, then deletes, the archives of `bin/nimbench --train` (rerun
# that afterwards if you use them).
#   bench/test-launcher.sh [JAVA_HOME...]
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
homes=("$@")
if [[ ${#homes[@]} -eq 0 ]]; then
  homes=("$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")" /usr/lib/jvm/temurin-25-jdk-amd64)
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ln -s "$repo/bin/nimbench" "$tmp/nb"
cd "$tmp"

fail() { echo "FAIL: $*" >&2; exit 1; }
for home in "${homes[@]}"; do
  [[ -x $home/bin/java ]] || fail "no java in $home"
  export JAVA_HOME=$home
  out=$(./nb solve card-stacking 13 4 2>/dev/null) || fail "$home: solve exited $?"
  grep -q '= 540318329$' <<<"$out" || fail "$home: wrong answer: $out"
  echo "ok   $home: solve card-stacking 13 4 through a symlink from $tmp"
  # The one-shot command the README shows first (docs/cold-start.md): the launcher's options and
  # the one-shot configuration; the harness's cold runs read the same options (--print-options).
  opts=$(./nb --print-options) || fail "$home: --print-options exited $?"
  for o in --add-modules -XX:+UseSerialGC -Xmn256m 'CompileThresholdScaling,dev.nimbench.*::*,0.1'; do
    grep -qF -- "$o" <<<"$opts" || fail "$home: --print-options lacks $o: $opts"
  done
  out=$(./nb solve card-stacking 13 4 --distribution tail-sum-recurrence --combine wht --transform autovec \
    --power autovec-montgomery --threads 1 2>/dev/null) || fail "$home: the one-shot command exited $?"
  grep -q '= 540318329$' <<<"$out" && grep -q 'distribution=tail-sum-recurrence transform=autovec' <<<"$out" \
    && grep -q 'power=autovec-montgomery' <<<"$out" \
    || fail "$home: the one-shot command gave: $out"
  echo "ok   $home: --print-options and the one-shot command"
  # A solve starts without jdk.incubator.vector; one that needs it starts again with it (exit 3 in between).
  # (the hint about an archive of an earlier jar build, left by an earlier session, is not what is checked here)
  err=$(./nb solve card-stacking 13 4 2>&1 >/dev/null) || fail "$home: the one-shot solve exited $?"
  err=$(grep -v 'made for an earlier build of the jar' <<<"$err" || true)
  [[ -z $err ]] || fail "$home: the one-shot solve (no module needed) printed on stderr: $err"
  out=$(./nb solve card-stacking 13 4 --power vector-montgomery-q32 2>&1) || fail "$home: a vector solve exited $?"
  out=$(grep -v 'made for an earlier build of the jar' <<<"$out" || true)
  grep -q '= 540318329$' <<<"$out" && grep -q 'power=vector-montgomery-q32' <<<"$out" \
    && ! grep -q '^nimbench:' <<<"$out" || fail "$home: a vector solve through the launcher gave: $out"
  echo "ok   $home: the one-shot solve runs without the Vector API module, a vector one with it"
  set +e
  err=$(./nb solve card-stacking 0 4 2>&1 >/dev/null); code=$?
  set -e
  [[ $code == 2 && $err == *"N = 0"* ]] || fail "$home: bad input gave exit $code: $err"
  echo "ok   $home: bad input exits 2"
  ./nb --train 2000 2000 2>/dev/null || fail "$home: --train failed"
  archive=$(./nb --print-archive)
  [[ -f $archive ]] || fail "$home: --train wrote no $archive"
  # -Xshare:on (AppCDS) / -XX:AOTMode=on (AOT cache) make the JVM fail if the archive is unusable.
  strict=-Xshare:on
  [[ $archive == *.aot ]] && strict=-XX:AOTMode=on
  NIMBENCH_JAVA_OPTS=$strict ./nb solve card-stacking 13 4 >/dev/null 2>&1 || fail "$home: $archive not usable"
  echo "ok   $home: --train wrote $(basename "$archive") and it maps ($strict)"
  touch -d "@$(( $(stat -c %Y "$repo/core/target/nimbench.jar") + 1 ))" "$repo/core/target/nimbench.jar" # a rebuild
  [[ $(./nb --print-archive) != "$archive" ]] || fail "$home: the archive key ignores the jar build"
  err=$(./nb solve card-stacking 13 4 2>&1 >/dev/null) || fail "$home: stale archive broke the run"
  [[ $err == *"earlier build of the jar"* ]] || fail "$home: no hint for a stale archive: $err"
  rm -f "$archive" "$archive.log"
  echo "ok   $home: an archive of an earlier jar build is skipped with a hint"
done
echo "all launcher checks passed"
