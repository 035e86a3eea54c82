#!/usr/bin/env bash
# split-solve.sh N DIR [BATCH]: the split solve of 1..=N, round after round: the round's job
# files run BATCH to a process (one table for them), then `primegame merge` proves the answer
# (exit 0) or writes the next round (status 3). Run it again after a failure: jobs with a
# result are skipped. With xargs, BATCH defaults to the round's jobs shared out evenly, one
# process a worker: with shared proofs a later round's jobs take a few hundred nodes each,
# and a process's set-up (its table, the proofs it loads) is what costs. With isolated jobs,
# or a deep split whose later rounds are heavy, a small BATCH balances the workers better.
# With Slurm it defaults to 8 jobs a task.
#
# RUNNER=xargs (default): this machine, WORKERS processes at once (default: the cores); a
#   round of fewer jobs than workers gives each job the spare workers' cores as threads, and
#   their memory as table (say, round 1 of a split of 1: one job, every core and all of it).
# RUNNER=slurm: one Slurm job array a round (`sbatch --wait`); DIR must be on a file system
#   every node sees (cluster/slurm-one-node.sh makes a one-node cluster to try it).
# SPLIT: how deep `plan` splits the principal line (default 2). PRIMEGAME names the binary
# (default: primegame on the PATH). TABLE_MIB sets each worker's table (default: what
# `solve` would make). Each round's jobs start from what earlier rounds proved (`.proven`
# files in DIR; see `primegame job --help`). SEED names what other boards proved, to start
# from when DIR is made: the directory of another board's split solve (say N - 1: its
# `.proven` files) or a `solve --results` file, copied into DIR as `round0-*.proven`, which
# every round loads. A sweep: `for n in ...; do SEED=D$((n-1)) split-solve.sh $n D$n; done`.
# MINUTES stops each job process after that long (say, a little under the scheduler's time
# limit): a stopped job saves what it proved beside it (.stopped), the script stops with a
# failure, and running it again goes on from there.
set -euo pipefail
primegame=${PRIMEGAME:-primegame}
n=$1
dir=$(realpath -m "$2")
workers=${WORKERS:-$(nproc)}
options=()
[ -z "${MINUTES:-}" ] || options=(--minutes "$MINUTES")
if [ ! -d "$dir" ]; then
  "$primegame" plan "$n" --dir "$dir" --split "${SPLIT:-2}" >/dev/null
  if [ -d "${SEED:-}" ]; then
    # The seed's own rounds' files hold what it loaded too; if it proved nothing of its own
    # (it was answered from its seeds), its seeds go on.
    files=("$SEED"/round[1-9]*.proven)
    [ -f "${files[0]}" ] || files=("$SEED"/round0-*.proven)
    for file in "${files[@]}"; do
      [ -f "$file" ] || continue
      name=$(basename "$file")
      case $name in round0-*) ;; *) name=round0-seed-$name ;; esac
      cp "$file" "$dir/$name"
    done
  elif [ -n "${SEED:-}" ]; then
    cp "$SEED" "$dir/round0-seed.proven"
  fi
fi
while true; do
  for job in "$dir"/*.job; do
    [ -f "${job%.job}.result" ] || echo "$job"
  done > "$dir/pending.list"
  count=$(wc -l < "$dir/pending.list")
  if [ "${RUNNER:-xargs}" = slurm ]; then
    batch=${3:-8}
  else
    batch=${3:-$(( (count + workers - 1) / workers ))}
  fi
  [ "$batch" -ge 1 ] || batch=1
  if [ "$count" -gt 0 ]; then
    case ${RUNNER:-xargs} in
      xargs)
        threads=$(( workers / count ))
        [ "$threads" -ge 1 ] || threads=1
        table=()
        [ -z "${TABLE_MIB:-}" ] || table=(--table-mib $(( TABLE_MIB * threads )))
        xargs -P "$workers" -n "$batch" "$primegame" job --threads "$threads" "${table[@]}" \
          "${options[@]}" < "$dir/pending.list" >/dev/null ;;
      slurm)
        # Task i runs lines i*BATCH+1 .. (i+1)*BATCH of the list.
        tasks=$(( (count + batch - 1) / batch ))
        sbatch --wait --quiet --array="0-$((tasks - 1))" --cpus-per-task=1 --mem=6G \
          --output=/dev/null --job-name="primegame-$n" \
          --wrap "sed -n \"\$((SLURM_ARRAY_TASK_ID * $batch + 1)),\$(((SLURM_ARRAY_TASK_ID + 1) * $batch))p\" '$dir/pending.list' | xargs '$primegame' job ${TABLE_MIB:+--table-mib $TABLE_MIB} ${options[*]}" ;;
      *) echo "RUNNER is xargs or slurm, not ${RUNNER}" >&2; exit 2 ;;
    esac
  fi
  status=0
  "$primegame" merge "$dir" > "$dir/merge.out" || status=$?
  case $status in
    0) cat "$dir/merge.out"; exit 0 ;;
    3) ;;
    *) cat "$dir/merge.out" >&2; exit "$status" ;;
  esac
done
