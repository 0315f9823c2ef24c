import { readFileSync } from 'node:fs';
import os from 'node:os';

// Where the CPU went during a bench phase (Linux /proc): the API process, the PostgreSQL backends
// serving the bench's database, and the whole machine (other people's work included).

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** utime + stime of one process, in ms; 0 when it has gone. */
function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** Busy and total jiffies of the whole machine. */
function machine(): { busy: number; total: number } {
  const [cpu] = readFileSync('/proc/stat', 'utf8').split('\n');
  const ticks = cpu!.split(/\s+/).slice(1).map(Number);
  const total = ticks.reduce((a, b) => a + b, 0);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  return { busy: total - idle, total };
}

export interface CpuSnapshot {
  at: number;
  api: number;
  backends: Map<number, number>;
  machine: { busy: number; total: number };
  loadavg: number[];
}

export function snapshot(apiPid: number, backendPids: number[]): CpuSnapshot {
  return {
    at: performance.now(),
    api: cpuMs(apiPid),
    backends: new Map(backendPids.map((pid) => [pid, cpuMs(pid)])),
    machine: machine(),
    loadavg: os.loadavg(),
  };
}

/** One line: each part's CPU as a share of one core over the phase, the machine's as a share of all. */
export function describe(from: CpuSnapshot, to: CpuSnapshot): string {
  const wall = to.at - from.at;
  let backends = 0;
  for (const [pid, ms] of to.backends) backends += ms - (from.backends.get(pid) ?? 0);
  const machineBusy =
    (to.machine.busy - from.machine.busy) / Math.max(to.machine.total - from.machine.total, 1);
  const pct = (ms: number) => `${((ms / wall) * 100).toFixed(0)}%`;
  return (
    `CPU during the load (${(wall / 1000).toFixed(1)} s): API process ${pct(to.api - from.api)} of one core, ` +
    `its PostgreSQL backends ${pct(backends)} of one core, whole machine ${(machineBusy * 100).toFixed(0)}% busy ` +
    `on ${os.cpus().length} cores (everyone's work); load average ${from.loadavg[0]!.toFixed(2)} → ${to.loadavg[0]!.toFixed(2)}`
  );
}
