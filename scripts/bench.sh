#!/usr/bin/env bash
# Sets up the machine, builds the release chan.so and runs the benchmark
# sweep with it. Arguments go to benchmarks/run.php unchanged.
#
#   scripts/bench.sh [benchmarks/run.php options...]
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
so=$(scripts/build.sh release)
exec php -d extension="$so" benchmarks/run.php "$@"
