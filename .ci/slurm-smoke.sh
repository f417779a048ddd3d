#!/usr/bin/env bash
# Slurm smoke test: start a single-node Slurm (munged, slurmctld, slurmd) on
# this host with state and spool in a temporary directory, run a small
# experiment as a 4-task job array (`queens run --shard $SLURM_ARRAY_TASK_ID/4`)
# followed by a merge job, and check that the merged runs.csv equals a
# single-machine run (all columns but *_seconds), an external Python
# solver's rows included; then a count of N = 14
# as a 4-task array with a merge job, checked against OEIS. Stops its
# daemons by PID.
#
# Needs root on Debian (it installs slurm-wlm and munge with apt-get); skips
# with a message when that is not the case or apt cannot install.
set -euo pipefail
cd "$(dirname "$0")/.."

skip() { echo "slurm-smoke: skipped: $*"; exit 0; }

[ "$(id -u)" = 0 ] || skip "needs root (it installs and starts Slurm daemons)"
[ -f /etc/debian_version ] || skip "needs Debian (it installs slurm-wlm and munge with apt-get)"
if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
    command -v apt-get >/dev/null || skip "apt-get is not available to install slurm-wlm and munge"
    echo "slurm-smoke: installing slurm-wlm and munge"
    if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends slurm-wlm munge; } >/tmp/slurm-smoke-apt.log 2>&1; then
        tail -5 /tmp/slurm-smoke-apt.log
        skip "apt-get could not install slurm-wlm and munge (see above)"
    fi
fi

echo "slurm-smoke: building queens"
cargo build --quiet
QUEENS="$(cd "${CARGO_TARGET_DIR:-target}" && pwd)/debug/queens"

TMP="$(mktemp -d /tmp/queens-slurm-smoke.XXXXXX)"
chmod 755 "$TMP"
PIDS=()
cleanup() {
    local pid
    for pid in "${PIDS[@]}"; do
        kill "$pid" 2>/dev/null || true
    done
    for pid in "${PIDS[@]}"; do
        wait "$pid" 2>/dev/null || true
    done
    if [ "${KEEP:-0}" = 1 ]; then echo "slurm-smoke: kept $TMP"; else rm -rf "$TMP"; fi
}
trap cleanup EXIT

fail() {
    echo "slurm-smoke: FAILED: $*"
    for log in "$TMP"/*.log "$TMP"/job-*.out; do
        [ -f "$log" ] && { echo "--- $log"; tail -20 "$log"; }
    done
    exit 1
}

# --- munge: a fresh key and socket of our own -------------------------------
mkdir -p "$TMP/munge"
dd if=/dev/urandom of="$TMP/munge/munge.key" bs=1024 count=1 status=none
chmod 755 "$TMP/munge"
chmod 400 "$TMP/munge/munge.key"
munged --foreground --force \
    --key-file="$TMP/munge/munge.key" \
    --socket="$TMP/munge/munge.socket" \
    --pid-file="$TMP/munge/munged.pid" \
    --log-file="$TMP/munged.log" \
    --seed-file="$TMP/munge/munged.seed" 2>>"$TMP/munged.log" &
PIDS+=($!)

# --- Slurm: one node, this host ---------------------------------------------
HOST="$(hostname -s)"
CPUS="$(nproc)"
mkdir -p "$TMP/state" "$TMP/spool"
cat > "$TMP/slurm.conf" <<CONF
ClusterName=queens-smoke
SlurmctldHost=$HOST
SlurmctldPort=16817
SlurmdPort=16818
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$TMP/munge/munge.socket
CredType=cred/munge
StateSaveLocation=$TMP/state
SlurmdSpoolDir=$TMP/spool
SlurmctldPidFile=$TMP/slurmctld.pid
SlurmdPidFile=$TMP/slurmd.pid
SlurmctldLogFile=$TMP/slurmctld.log
SlurmdLogFile=$TMP/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
MpiDefault=none
MinJobAge=600
NodeName=$HOST CPUs=$CPUS State=UNKNOWN
PartitionName=smoke Nodes=$HOST Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$TMP/slurm.conf"

for _ in $(seq 50); do [ -S "$TMP/munge/munge.socket" ] && break; sleep 0.1; done
[ -S "$TMP/munge/munge.socket" ] || fail "munged did not start"
slurmctld -D -i -f "$SLURM_CONF" >>"$TMP/slurmctld.log" 2>&1 &
PIDS+=($!)
slurmd -D -f "$SLURM_CONF" >>"$TMP/slurmd.log" 2>&1 &
PIDS+=($!)

echo "slurm-smoke: waiting for node $HOST"
state=""
for _ in $(seq 120); do
    state="$(sinfo -h -n "$HOST" -o %t 2>/dev/null || true)"
    [ "$state" = idle ] && break
    sleep 0.5
done
[ "$state" = idle ] || fail "node $HOST is '$state', not idle"

# --- The experiment: a 4-task array, then a merge job ------------------------
cat > "$TMP/smoke.toml" <<'TOML'
name = "slurm-smoke"
seed = 4
sizes = [6, 8, 10]
trials = 6

[budget]
max_steps = 50_000

[[algorithm]]
name = "min-conflicts"

[[algorithm]]
name = "backtracking"
TOML
# A program of one's own, sharded like the built-in algorithms (python3 is
# on every Debian machine this runs on; without it the entry is left out).
if command -v python3 >/dev/null; then
    cat >> "$TMP/smoke.toml" <<TOML

[[algorithm]]
name = "external"
label = "min-conflicts (Python)"
command = ["python3", "$PWD/experiments/solvers/min_conflicts.py"]
TOML
fi

cd "$TMP"
array=$(sbatch --parsable --array=0-3 --chdir="$TMP" --output="$TMP/job-%A_%a.out" \
    --wrap "'$QUEENS' run smoke.toml --data data/sharded --shard \$SLURM_ARRAY_TASK_ID/4 --quiet")
merge=$(sbatch --parsable --dependency=afterok:"$array" --chdir="$TMP" --output="$TMP/job-merge.out" \
    --wrap "'$QUEENS' merge data/sharded --plots plots/slurm-smoke")
echo "slurm-smoke: submitted array job $array and merge job $merge"

for _ in $(seq 240); do
    [ -z "$(squeue -h -j "$array,$merge" 2>/dev/null)" ] && break
    sleep 0.5
done
[ -z "$(squeue -h -j "$array,$merge" 2>/dev/null)" ] || fail "jobs still queued or running: $(squeue -h)"
for task in 0 1 2 3; do
    scontrol show job "${array}_$task" | grep -q "JobState=COMPLETED" ||
        fail "array task $task did not complete: $(scontrol show job "${array}_$task" | grep -o 'JobState=[A-Z_]*')"
done
scontrol show job "$merge" | grep -q "JobState=COMPLETED" || fail "the merge job did not complete"

"$QUEENS" run smoke.toml --data data/single --quiet >"$TMP/single.out" 2>&1 || fail "the single-machine run failed"

# Every column except those ending in _seconds must be equal.
strip_seconds() {
    awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) keep[i] = ($i !~ /_seconds$/) }
             { line = ""; for (i = 1; i <= NF; i++) if (keep[i]) line = line (line == "" ? "" : ",") $i; print line }' "$1"
}
[ -s data/sharded/runs.csv ] || fail "no merged runs.csv"
if ! diff <(strip_seconds data/single/runs.csv) <(strip_seconds data/sharded/runs.csv) >"$TMP/diff.log"; then
    fail "the merged runs.csv differs from the single-machine run"
fi
rows=$(($(wc -l < data/sharded/runs.csv) - 1))
echo "slurm-smoke: OK: 4 array tasks + merge on Slurm $(sinfo -V | awk '{print $2}') give the same $rows rows as one machine"

# A count as a job array: N = 14 in 4 shards, then the merge job.
count_array=$(sbatch --parsable --array=0-3 --chdir="$TMP" --output="$TMP/count-%A_%a.out" \
    --wrap "'$QUEENS' count -n 14 --shard \$SLURM_ARRAY_TASK_ID/4 --checkpoint count-14.\$SLURM_ARRAY_TASK_ID")
count_merge=$(sbatch --parsable --dependency=afterok:"$count_array" --chdir="$TMP" --output="$TMP/count-merge.out" \
    --wrap "'$QUEENS' count --merge count-14.0 count-14.1 count-14.2 count-14.3 --json")
echo "slurm-smoke: submitted count array job $count_array and merge job $count_merge"
for _ in $(seq 240); do
    [ -z "$(squeue -h -j "$count_array,$count_merge" 2>/dev/null)" ] && break
    sleep 0.5
done
scontrol show job "$count_merge" | grep -q "JobState=COMPLETED" || fail "the count merge job did not complete: $(cat "$TMP"/count-*.out)"
grep -q '"solutions":365596,"unique":45752' "$TMP/count-merge.out" ||
    fail "the merged count of N = 14 is not 365596 / 45752: $(cat "$TMP/count-merge.out")"
echo "slurm-smoke: OK: a count of N = 14 over 4 array tasks merges to 365596 solutions, 45752 fundamental"
