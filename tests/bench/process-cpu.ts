import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// CPU time from Linux's /proc, to say where a load's CPU went: the server process, PostgreSQL (the
// postmaster and every backend it forked), this process (the load generator) and the rest of the machine.

const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** utime, stime, cutime, cstime and ppid of a process (fields 14-17 and 4 of /proc/<pid>/stat), or null when it is gone. */
function statOf(pid: number): { self: number; children: number; ppid: number } | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The command name (field 2) is in parentheses and may hold spaces: count fields after its ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const n = (i: number) => Number(fields[i - 3] ?? 0);
  return { self: n(14) + n(15), children: n(16) + n(17), ppid: n(4) };
}

/** Seconds of CPU a process used so far (all its threads). */
export function processCpuSeconds(pid: number): number {
  return (statOf(pid)?.self ?? 0) / TICKS_PER_SECOND;
}

/**
 * Seconds of CPU of a process and all its children so far: its own, its reaped children's (cutime,
 * cstime: a backend that exited is counted there) and its live children's. The difference of two
 * readings is the tree's CPU in between, however many children came and went.
 */
export function processTreeCpuSeconds(pid: number): number {
  const parent = statOf(pid);
  if (!parent) return 0;
  let ticks = parent.self + parent.children;
  for (const entry of readdirSync('/proc')) {
    const child = /^\d+$/.test(entry) ? statOf(Number(entry)) : null;
    if (child?.ppid === pid) ticks += child.self;
  }
  return ticks / TICKS_PER_SECOND;
}

/** The postmaster of a PostgreSQL data folder (the first line of its postmaster.pid). */
export function postmasterPid(dataDir: string): number {
  return Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
}

/** The machine's busy and total CPU seconds so far, summed over all cores (/proc/stat). */
export function machineCpuSeconds(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const [, ...values] = line.trim().split(/\s+/);
  const ticks = values.map(Number);
  // user nice system idle iowait irq softirq steal (guest time is already in user).
  const total = ticks.slice(0, 8).reduce((a, b) => a + b, 0);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  return { busy: (total - idle) / TICKS_PER_SECOND, total: total / TICKS_PER_SECOND };
}
