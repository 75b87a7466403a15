#!/usr/bin/env bash
# Runs a test command with two CPU-bound processes beside it, the way a busy
# machine (two builds running alongside) looks to the suite. Default command:
# the browser tests (npm run test:browser), whose waits are the timing-sensitive
# part; pass another command to load it instead, e.g.
#   bash scripts/busy-load.sh npm test
# The two busy processes are this script's own children and are stopped by
# their process ids when the command ends (or on Ctrl-C).
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1

busy=()
# shellcheck disable=SC2317  # called through the trap
stop_busy() {
  for pid in "${busy[@]}"; do kill "$pid" 2>/dev/null; done
  wait "${busy[@]}" 2>/dev/null
}
trap stop_busy EXIT INT TERM

for _ in 1 2; do
  node -e 'for (;;) Math.sqrt(Math.random());' &
  busy+=("$!")
done
echo "busy-load: two CPU-bound processes running (pids ${busy[*]})"

if [ "$#" -eq 0 ]; then set -- npm run --silent test:browser; fi
"$@"
status=$?
echo "busy-load: '$*' exited with $status under load"
exit "$status"
