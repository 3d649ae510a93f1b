#!/bin/bash
# Superseded by the harness (docs/cold-start.md): cold forks of the pipeline per configuration and
# JVM option set, and the whole-process timer, in one run:
#
#   bench/oneshot.sh [-Djmh.jvm=/usr/lib/jvm/temurin-25-jdk-amd64] [other -D options of jmh:run]
#
# is `mvn -pl bench jmh:run -Djmh.profile=coldstart` with those options (results in
# results/coldstart/, the "Cold start" section of reports/report.md). Nothing depends on this
# wrapper; the files of the old script stay in results/oneshot/.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
exec mvn -B -pl bench jmh:run -Djmh.profile=coldstart "$@"
