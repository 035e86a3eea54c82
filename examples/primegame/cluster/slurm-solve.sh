#!/usr/bin/env bash
# slurm-solve.sh N DIR [BATCH]: the split solve of 1..=N as Slurm job arrays, one array a
# round: each task runs BATCH of the round's job files in one process (one table), `sbatch
# --wait` waits for the round, then `primegame merge` proves the answer (exit 0) or writes the
# next round (status 3). DIR must be on a file system every node sees; PRIMEGAME names the
# binary (default: primegame on the PATH). Run it again after a failure: jobs with a result
# are skipped.
set -euo pipefail
primegame=${PRIMEGAME:-primegame}
n=$1
dir=$(realpath -m "$2")
batch=${3:-8}
[ -d "$dir" ] || "$primegame" plan "$n" --dir "$dir" >/dev/null
while true; do
  for job in "$dir"/*.job; do
    [ -f "${job%.job}.result" ] || echo "$job"
  done > "$dir/pending.list"
  count=$(wc -l < "$dir/pending.list")
  if [ "$count" -gt 0 ]; then
    tasks=$(( (count + batch - 1) / batch ))
    # Task i runs lines i*BATCH+1 .. (i+1)*BATCH of the list.
    sbatch --wait --quiet --array="0-$((tasks - 1))" --cpus-per-task=1 --mem=6G \
      --output=/dev/null --job-name="primegame-$n" \
      --wrap "sed -n \"\$((SLURM_ARRAY_TASK_ID * $batch + 1)),\$(((SLURM_ARRAY_TASK_ID + 1) * $batch))p\" '$dir/pending.list' | xargs '$primegame' job"
  fi
  status=0
  "$primegame" merge "$dir" > "$dir/merge.out" || status=$?
  case $status in
    0) cat "$dir/merge.out"; exit 0 ;;
    3) ;;
    *) cat "$dir/merge.out" >&2; exit "$status" ;;
  esac
done
