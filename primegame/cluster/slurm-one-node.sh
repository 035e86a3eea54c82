#!/usr/bin/env bash
# A one-node Slurm cluster on this machine (slurmctld and slurmd on localhost), to run the
# job array of `primegame plan` for real. Debian's packages; run as root. Not for production:
# no accounting, no security beyond munge's local key.
set -euo pipefail
command -v slurmctld >/dev/null || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq slurm-wlm
node=$(hostname -s)
cpus=$(nproc)
memory=$(( $(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1024 * 9 / 10 ))
mkdir -p /etc/slurm /var/spool/slurmctld /var/spool/slurmd /var/log/slurm
chown slurm: /var/spool/slurmctld /var/log/slurm 2>/dev/null || true
cat > /etc/slurm/slurm.conf <<CONF
ClusterName=gamesolver
SlurmctldHost=$node
AuthType=auth/munge
SlurmUser=slurm
StateSaveLocation=/var/spool/slurmctld
SlurmdSpoolDir=/var/spool/slurmd
SlurmctldLogFile=/var/log/slurm/slurmctld.log
SlurmdLogFile=/var/log/slurm/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
ReturnToService=2
NodeName=$node CPUs=$cpus RealMemory=$memory State=UNKNOWN
PartitionName=main Nodes=$node Default=YES MaxTime=INFINITE State=UP
CONF
# munge: the key the package made, then the daemon.
pgrep -x munged >/dev/null || (mkdir -p /run/munge && chown munge: /run/munge && su -s /bin/sh munge -c munged)
pgrep -x slurmctld >/dev/null || slurmctld
pgrep -x slurmd >/dev/null || slurmd
sleep 2
sinfo
