#!/usr/bin/env bash
# xargs-solve.sh N DIR [WORKERS] [BATCH] [SPLIT]: the split solve of 1..=N on this machine,
# round after round: `xargs -P WORKERS` runs the round's job files, BATCH to a process (one
# table for them), then `primegame merge` proves the answer (exit 0) or writes the next round
# (status 3). A round of fewer jobs than workers gives each job the spare cores as threads.
# PRIMEGAME names the binary (default: primegame on the PATH). Run it again after a failure:
# jobs with a result are skipped.
set -euo pipefail
primegame=${PRIMEGAME:-primegame}
n=$1
dir=$2
workers=${3:-$(nproc)}
batch=${4:-8}
split=${5:-2}
[ -d "$dir" ] || "$primegame" plan "$n" --dir "$dir" --split "$split" >/dev/null
while true; do
  pending=()
  for job in "$dir"/*.job; do
    [ -f "${job%.job}.result" ] || pending+=("$job")
  done
  if [ ${#pending[@]} -gt 0 ]; then
    threads=$(( workers / ${#pending[@]} ))
    [ "$threads" -ge 1 ] || threads=1
    printf '%s\n' "${pending[@]}" |
      xargs -P "$workers" -n "$batch" "$primegame" job --threads "$threads" >/dev/null
  fi
  status=0
  "$primegame" merge "$dir" > "$dir/merge.out" || status=$?
  case $status in
    0) cat "$dir/merge.out"; exit 0 ;;
    3) ;;
    *) cat "$dir/merge.out" >&2; exit "$status" ;;
  esac
done
