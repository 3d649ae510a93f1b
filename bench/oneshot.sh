#!/bin/bash
# One-shot (cold JVM) wall time of `solve card-stacking N S` under several JDKs, JVM options and
# variant choices, measured interleaved: every round runs every configuration once, in a fresh
# random order, beside the native yardstick (`anchors/run pipe 2`). Reports medians and ratios.
#
#   bench/oneshot.sh [-r ROUNDS] [-m MATRIX] [-o DIR] [-n N] [-s S] [--no-anchor] [--list]
#
#   -r ROUNDS   rounds (default 7); the medians are over rounds
#   -m MATRIX   configuration file (default: the built-in matrix, printed by --list); one line per
#               configuration:  label | jdk | JVM options | solve options
#               jdk is 17, 25 or a path to a `java`; in JVM options {AOT} is replaced by the JDK 25
#               AOT cache and {CDS} by a JDK 17 AppCDS archive, both trained once before round 1
#               (a training run of the same solve) under core/target/oneshot/
#   -o DIR      output directory (default: results/oneshot/ in the repository: a sub-folder,
#               because the report renderer reads every *.json directly in results/ as JMH
#               output); writes oneshot-<timestamp>.csv (every run) and oneshot-<timestamp>.json
#               (medians, ratios, load and machine)
#   -n N -s S   instance (default 10000000 10000000; the native yardstick always solves 10^7, 10^7)
#   --no-anchor do not run the native yardstick
#
# Needs `mvn install` first (core/target/nimbench.jar), GNU time (/usr/bin/time) and awk. JDK 17 is
# `java` on the PATH (or $JAVA17), JDK 25 is $JAVA25 (default /usr/lib/jvm/temurin-25-jdk-amd64).
# The anchor is $ANCHOR (default: shared/anchors/run one or two levels above the repository).
# Run it on a machine that is otherwise idle; the JSON records the load average before and after.
set -euo pipefail -o noglob  # noglob: JVM options hold patterns such as dev.nimbench.*::*

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
jar=$repo/core/target/nimbench.jar
rounds=7
matrix=
outdir=$repo/results/oneshot
n=10000000
s=10000000
anchor_on=1
list=0
while [[ $# -gt 0 ]]; do
  case $1 in
    -r) rounds=$2; shift 2 ;;
    -m) matrix=$2; shift 2 ;;
    -o) outdir=$2; shift 2 ;;
    -n) n=$2; shift 2 ;;
    -s) s=$2; shift 2 ;;
    --no-anchor) anchor_on=0; shift ;;
    --list) list=1; shift ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "oneshot.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
[[ $rounds =~ ^[1-9][0-9]*$ ]] || { echo "oneshot.sh: -r $rounds is not a positive integer" >&2; exit 2; }

java17=${JAVA17:-$(command -v java)}
java25=${JAVA25:-/usr/lib/jvm/temurin-25-jdk-amd64/bin/java}
anchor=${ANCHOR:-}
if [[ -z $anchor ]]; then  # a checkout beside shared/ (…/main) or one level deeper (…/wt/NAME)
  for a in "$repo/../shared/anchors/run" "$repo/../../shared/anchors/run"; do
    [[ -x $a ]] && { anchor=$(cd "$(dirname "$a")" && pwd)/run; break; }
  done
fi

# The default matrix: plain `java -jar` against bin/nimbench's options (L; L0 = without the
# per-method compile threshold scaling), the class archives on and off, and the variant choices
# that matter cold (fused vector default, scalar distribution and transform with the staged
# combine, one thread).
default_matrix() {
  local l0="-XX:+UseSerialGC -Xmn256m -XX:+UseTransparentHugePages"
  local l="$l0 -XX:CompileCommand=quiet -XX:CompileCommand=CompileThresholdScaling,dev.nimbench.*::*,0.1"
  local scalar="--distribution tail-sum-recurrence --combine wht --transform forkjoin"
  local scalar1="--distribution tail-sum-recurrence --combine wht --transform blocked --threads 1"
  local staged="--combine wht --transform forkjoin"
  cat <<EOF
17 plain                  | 17 |                                 |
17 L default variants     | 17 | $l -XX:SharedArchiveFile={CDS}  |
17 L default variants 1T  | 17 | $l -XX:SharedArchiveFile={CDS}  | --threads 1
17 L scalar-wht           | 17 | $l -XX:SharedArchiveFile={CDS}  | $scalar
17 L vector-dist wht      | 17 | $l -XX:SharedArchiveFile={CDS}  | $staged
17 L scalar-wht 1T        | 17 | $l -XX:SharedArchiveFile={CDS}  | $scalar1
17 L scalar-wht no-cds    | 17 | $l                              | $scalar
17 L0 scalar-wht          | 17 | $l0 -XX:SharedArchiveFile={CDS} | $scalar
25 plain                  | 25 |                                 |
25 L default variants     | 25 | $l -XX:AOTCache={AOT}           |
25 L scalar-wht           | 25 | $l -XX:AOTCache={AOT}           | $scalar
25 L scalar-wht 1T        | 25 | $l -XX:AOTCache={AOT}           | $scalar1
25 L scalar-wht no-aot    | 25 | $l                              | $scalar
EOF
}

if [[ $list == 1 ]]; then default_matrix; exit 0; fi
[[ -f $jar ]] || { echo "oneshot.sh: $jar is missing; run 'mvn install -DskipTests' first" >&2; exit 2; }
[[ -x /usr/bin/time ]] || { echo "oneshot.sh: needs GNU time at /usr/bin/time (apt-get install time)" >&2; exit 2; }
if [[ -n $matrix ]]; then
  [[ -r $matrix ]] || { echo "oneshot.sh: cannot read matrix file $matrix" >&2; exit 2; }
  spec=$(grep -v '^[[:space:]]*\(#\|$\)' "$matrix")
else
  spec=$(default_matrix)
fi

trim() { local x=$1; x=${x#"${x%%[![:space:]]*}"}; printf '%s' "${x%"${x##*[![:space:]]}"}"; }
labels=(); javas=(); jvmopts=(); solveopts=()
while IFS='|' read -r label jdk opts sopts; do
  label=$(trim "$label"); jdk=$(trim "$jdk")
  case $jdk in 17) jdk=$java17 ;; 25) jdk=$java25 ;; esac
  [[ -x $jdk ]] || { echo "oneshot.sh: no java at '$jdk' for '$label'" >&2; exit 2; }
  labels+=("$label"); javas+=("$jdk"); jvmopts+=("$(trim "$opts")"); solveopts+=("$(trim "${sopts:-}")")
done <<<"$spec"

work=$repo/core/target/oneshot
mkdir -p "$work" "$outdir"
aot=$work/nimbench-25-$n-$s.aot
cds=$work/nimbench-17-$n-$s.jsa
# Archives are trained by one run of the same solve; they hold the JDK's and the jar's classes
# (and, for the AOT cache, method profiles), so they must be rebuilt after each `mvn install`.
if grep -q '{AOT}' <<<"$spec" && [[ ! -f $aot || $jar -nt $aot ]]; then
  echo "training the JDK 25 AOT cache $aot" >&2
  "$java25" -XX:AOTCacheOutput="$aot" --add-modules jdk.incubator.vector -jar "$jar" \
    solve card-stacking "$n" "$s" >/dev/null 2>"$work/aot-train.log" || { cat "$work/aot-train.log" >&2; exit 1; }
fi
if grep -q '{CDS}' <<<"$spec" && [[ ! -f $cds || $jar -nt $cds ]]; then
  echo "training the JDK 17 AppCDS archive $cds" >&2
  "$java17" -XX:ArchiveClassesAtExit="$cds" --add-modules jdk.incubator.vector -jar "$jar" \
    solve card-stacking "$n" "$s" >/dev/null 2>"$work/cds-train.log" || { cat "$work/cds-train.log" >&2; exit 1; }
fi

if [[ $anchor_on == 1 ]]; then
  if [[ -n $anchor && -x $anchor ]]; then
    "$anchor" pipe 2 >/dev/null 2>&1 || { echo "oneshot.sh: $anchor pipe 2 failed; use --no-anchor" >&2; exit 1; }
    labels+=("native anchor"); javas+=(""); jvmopts+=(""); solveopts+=("")
  else
    echo "oneshot.sh: no native yardstick at $anchor (set ANCHOR or use --no-anchor); ratios to it are omitted" >&2
  fi
fi

stamp=$(date -u +%Y%m%dT%H%M%SZ)
csv=$outdir/oneshot-$stamp.csv
json=$outdir/oneshot-$stamp.json
tmpcsv=$(mktemp "$outdir/.oneshot-XXXXXX")
trap 'rm -f "$tmpcsv" "$tmpcsv.json" "$work/time.$$" "$work/out.$$"' EXIT
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
echo "round,label,wall_ms,user_s,sys_s,minor_faults,major_faults,max_rss_kb,in_process_ms,distribution_ms,transform_ms,power_ms,answer,load1" >"$tmpcsv"

count=${#labels[@]}
for ((r = 1; r <= rounds; r++)); do
  for i in $(seq 0 $((count - 1)) | shuf); do
    label=${labels[$i]}
    if [[ -z ${javas[$i]} ]]; then
      cmd=("$anchor" pipe 2)
    else
      # shellcheck disable=SC2206 # options are whitespace-separated words by design
      opts=(${jvmopts[$i]//\{AOT\}/$aot}); opts=("${opts[@]//\{CDS\}/$cds}")
      # shellcheck disable=SC2206
      sopt=(${solveopts[$i]})
      cmd=("${javas[$i]}" "${opts[@]}" --add-modules jdk.incubator.vector -jar "$jar" \
        solve card-stacking "$n" "$s" "${sopt[@]}")
    fi
    t0=$(date +%s%N)
    /usr/bin/time -o "$work/time.$$" -f '%U,%S,%R,%F,%M' "${cmd[@]}" >"$work/out.$$" 2>&1 || {
      echo "oneshot.sh: '$label' failed:" >&2; tail -5 "$work/out.$$" >&2; exit 1; }
    t1=$(date +%s%N)
    # Java prints "total X" (ms, stages only); the anchor "... X ms in-process".
    inproc=$(grep -o 'total [0-9.]*' "$work/out.$$" | awk '{print $2}' || true)
    [[ -n $inproc ]] || inproc=$(grep -o '[0-9.]* ms in-process' "$work/out.$$" | awk '{print $1}' || true)
    stage() { grep -o "$1 [0-9.]*" "$work/out.$$" | head -1 | awk '{print $2}' || true; }
    stages="$(stage distribution),$(stage transform),$(stage power)"
    answer=$(grep -o '= [0-9]*$' "$work/out.$$" | head -1 | awk '{print $2}' || true)
    [[ -n $answer ]] || answer=$(grep -o 'answer [0-9]*' "$work/out.$$" | awk '{print $2}' || true)
    printf '%d,"%s",%d,%s,%s,%s,%s,%s\n' "$r" "$label" $(((t1 - t0) / 1000000)) "$(tail -1 "$work/time.$$")" \
      "${inproc:-}" "$stages" "${answer:-}" "$(cut -d' ' -f1 /proc/loadavg)" >>"$tmpcsv"
    printf 'round %d/%d  %-26s %6d ms\n' "$r" "$rounds" "$label" $(((t1 - t0) / 1000000)) >&2
  done
done
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

# Medians per configuration (in matrix order), ratios to the first configuration and to the anchor.
summary=$(awk -F, -v order="$(printf '%s\n' "${labels[@]}")" '
  function median(list,   a, i, j, t, m) {  # insertion sort: POSIX awk (mawk) has no asort
    m = split(list, a, " ")
    for (i = 2; i <= m; i++) { t = a[i] + 0; for (j = i - 1; j >= 1 && a[j] + 0 > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
    return m % 2 ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2
  }
  NR > 1 { l = $2; gsub(/"/, "", l); wall[l] = wall[l] " " $3; cpu[l] = cpu[l] " " ($4 + $5); flt[l] = flt[l] " " $6;
           rss[l] = rss[l] " " $8; inp[l] = inp[l] " " $9; di[l] = di[l] " " $10; tr[l] = tr[l] " " $11; po[l] = po[l] " " $12;
           ans[l] = ans[l] == "" ? $13 : ans[l]; runs[l]++ }
  function opt(list) { return list ~ /[0-9]/ ? sprintf("%.0f", median(list)) : "" }
  END {
    k = split(order, names, "\n"); base = median(wall[names[1]]); nat = ("native anchor" in wall) ? median(wall["native anchor"]) : 0
    for (i = 1; i <= k; i++) {
      l = names[i]; w = median(wall[l])
      printf "%s|%d|%.0f|%.2f|%.0f|%.0f|%s|%.3f|%s|%s|%s|%s|%s\n", l, runs[l], w, median(cpu[l]), median(flt[l]),
        median(rss[l]) / 1024, opt(inp[l]), w / base, (nat ? sprintf("%.2f", w / nat) : ""), ans[l], opt(di[l]), opt(tr[l]), opt(po[l])
    }
  }' "$tmpcsv")

{
  printf '{\n  "timestamp": "%s",\n  "instance": "card-stacking %s %s",\n  "rounds": %d,\n' "$stamp" "$n" "$s" "$rounds"
  printf '  "gitRevision": "%s",\n' "$(git -C "$repo" rev-parse --short HEAD 2>/dev/null || echo unknown)"
  printf '  "cpu": "%s",\n  "cores": %d,\n' "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')" "$(nproc)"
  printf '  "loadAverageBefore": "%s",\n  "loadAverageAfter": "%s",\n' "$load_before" "$load_after"
  printf '  "transparentHugePages": "%s",\n' "$(cat /sys/kernel/mm/transparent_hugepage/enabled 2>/dev/null || echo unknown)"
  printf '  "baseline": "%s",\n  "configurations": [\n' "${labels[0]}"
  first=1
  while IFS='|' read -r l runs w cpu flt rss inp rb rn ans di tr po; do
    i=0; while [[ ${labels[$i]} != "$l" ]]; do i=$((i + 1)); done
    [[ $first == 1 ]] || printf ',\n'; first=0
    printf '    {"label": "%s", "java": "%s", "jvmOptions": "%s", "solveOptions": "%s", "runs": %d,\n' \
      "$l" "${javas[$i]}" "${jvmopts[$i]}" "${solveopts[$i]}" "$runs"
    printf '     "medianWallMs": %s, "medianCpuS": %s, "medianMinorFaults": %s, "medianMaxRssMiB": %s, "medianInProcessMs": %s,\n' \
      "$w" "$cpu" "$flt" "$rss" "${inp:-null}"
    printf '     "medianStageMs": {"distribution": %s, "transform": %s, "power": %s},\n' "${di:-null}" "${tr:-null}" "${po:-null}"
    printf '     "wallRatioToBaseline": %s, "wallRatioToNative": %s, "answer": "%s"}' "$rb" "${rn:-null}" "$ans"
  done <<<"$summary"
  printf '\n  ]\n}\n'
} >"$tmpcsv.json"
mv "$tmpcsv.json" "$json"
mv "$tmpcsv" "$csv"

printf '\n%-26s %4s %8s %6s %8s %7s %7s %6s %6s %6s %6s %7s\n' configuration runs "wall ms" "cpu s" "minflt" "RSS MiB" \
  "stages" "dist" "wht" "power" "/base" "/native"
while IFS='|' read -r l runs w cpu flt rss inp rb rn ans di tr po; do
  printf '%-26s %4s %8s %6s %8s %7s %7s %6s %6s %6s %6s %7s\n' "$l" "$runs" "$w" "$cpu" "$flt" "$rss" "${inp:--}" \
    "${di:--}" "${tr:--}" "${po:--}" "$rb" "${rn:--}"
done <<<"$summary"
echo "load average before: $load_before, after: $load_after; $rounds rounds, medians"
echo "wrote $csv and $json"
