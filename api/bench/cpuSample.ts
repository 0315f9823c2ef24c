import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';

// Where the CPU went during a bench phase (Linux /proc): the API (its primary and every worker it
// forked), the PostgreSQL backends serving the bench's database, and the whole machine (other
// people's work included).

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** The fields after the command name of /proc/<pid>/stat, or null when the process has gone. */
function statOf(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** utime + stime of one process, in ms; 0 when it has gone. */
function cpuMs(pid: number): number {
  const fields = statOf(pid);
  return fields ? (Number(fields[11]) + Number(fields[12])) * TICK_MS : 0;
}

/** `pid` and every process below it (cluster workers, child processes). */
export function processTree(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const fields = statOf(Number(name));
    if (fields) parents.set(Number(name), Number(fields[1]));
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) {
    for (const [child, parent] of parents) if (parent === tree[i]) tree.push(child);
  }
  return tree;
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
  api: Map<number, number>;
  backends: Map<number, number>;
  machine: { busy: number; total: number };
  loadavg: number[];
}

export function snapshot(apiPid: number, backendPids: number[]): CpuSnapshot {
  return {
    at: performance.now(),
    api: new Map(processTree(apiPid).map((pid) => [pid, cpuMs(pid)])),
    backends: new Map(backendPids.map((pid) => [pid, cpuMs(pid)])),
    machine: machine(),
    loadavg: os.loadavg(),
  };
}

const spent = (from: Map<number, number>, to: Map<number, number>) => {
  let ms = 0;
  for (const [pid, at] of to) ms += at - (from.get(pid) ?? 0);
  return ms;
};

export interface CpuUse {
  wallMs: number;
  /** CPU ms of the API's processes (primary and workers) and of its PostgreSQL backends. */
  apiMs: number;
  backendMs: number;
  /** The machine's busy share of all its cores, 0…1. */
  machineBusy: number;
  loadavg: [number, number];
}

export function cpuUse(from: CpuSnapshot, to: CpuSnapshot): CpuUse {
  return {
    wallMs: to.at - from.at,
    apiMs: spent(from.api, to.api),
    backendMs: spent(from.backends, to.backends),
    machineBusy: (to.machine.busy - from.machine.busy) / Math.max(to.machine.total - from.machine.total, 1),
    loadavg: [from.loadavg[0]!, to.loadavg[0]!],
  };
}

/** One line: each part's CPU as a share of one core over the phase, the machine's as a share of all. */
export function describe(use: CpuUse): string {
  const pct = (ms: number) => `${((ms / use.wallMs) * 100).toFixed(0)}%`;
  return (
    `CPU during the load (${(use.wallMs / 1000).toFixed(1)} s): API processes ${pct(use.apiMs)} of one core, ` +
    `its PostgreSQL backends ${pct(use.backendMs)} of one core, whole machine ${(use.machineBusy * 100).toFixed(0)}% busy ` +
    `on ${os.cpus().length} cores (everyone's work); load average ${use.loadavg[0].toFixed(2)} → ${use.loadavg[1].toFixed(2)}`
  );
}
