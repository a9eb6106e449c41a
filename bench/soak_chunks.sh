#!/usr/bin/env bash
# Run chunks of the self-play soak one after another, each written to bench/results/soak-KIND-FIRST.txt:
#
#     DATABASE_URL=postgres://... bash bench/soak_chunks.sh KIND GAMES FIRST [FIRST ...]
#
# e.g. `bash bench/soak_chunks.sh lingua-fences 100 1 101 201` plays seeds 1-100, then 101-200, then 201-300.
# A chunk whose file exists is skipped; one being played by another copy of this script (its lock in
# bench/results/.locks) is left to it, so two copies given the same list share it out, one chunk each at a
# time. A chunk stopped half-way leaves only its `.part` file: it is played again whole next time (remove its
# lock first). Results go to the bench/results of RESULTS_DIR (default: this checkout's), so the soak can run
# from a separate worktree (`git worktree add --detach`) while the main one changes.
set -uo pipefail
cd "$(dirname "$0")/.."
kind=$1 games=$2
shift 2
results=${RESULTS_DIR:-$PWD}/bench/results
mkdir -p "$results/.locks"
export DEBUG=${DEBUG:-1}
for first in "$@"; do
  out=$results/soak-$kind-$first.txt
  [ -f "$out" ] && continue
  mkdir "$results/.locks/$kind-$first" 2>/dev/null || continue
  command="python manage.py selfplay $kind --games $games --levels quick,quick --budget 0.02 --seed $first --no-progress"
  {
    echo "\$ $command"
    echo "# started $(date -u +%Y-%m-%dT%H:%M:%SZ), load $(cut -d' ' -f1-3 /proc/loadavg)"
  } > "$out.part"
  .venv/bin/$command >> "$out.part" 2>&1
  status=$?
  echo "# ended $(date -u +%Y-%m-%dT%H:%M:%SZ), exit $status" >> "$out.part"
  mv "$out.part" "$out"
  rmdir "$results/.locks/$kind-$first"
done
