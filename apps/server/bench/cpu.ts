/**
 * CPU time per operation (Linux /proc): what a phase costs in processor time, whatever else the machine runs. On a
 * shared machine the rates depend on how much of the two cores the other work leaves; the CPU seconds each operation
 * takes do much less, so they compare the server path with the bare-SQL ceiling more steadily than the rates do.
 * Counted: this process (the server), the sandbox, the load generator (its own figure for the measured window) and
 * the PostgreSQL backends connected to the bench's database. Not counted: PostgreSQL's shared background processes.
 */
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

function ticksOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command (which may hold spaces): state is the 3rd field; utime and stime the 14th and 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined;
  }
}

function backendsOf(database: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (title.startsWith('postgres: ') && title.includes(` ${database} `))
        pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

export type CpuSnapshot = {
  server: number;
  sandbox: number;
  database: Map<number, number>;
  statements: number;
};

/** The server's database statements so far (every pg client query of this process, counted by run.ts). */
export const statementCounter = { count: 0 };

export function cpuSnapshot(sandboxPid: number | undefined, database: string): CpuSnapshot {
  return {
    statements: statementCounter.count,
    server: ticksOf(process.pid) ?? 0,
    sandbox: sandboxPid === undefined ? 0 : (ticksOf(sandboxPid) ?? 0),
    database: new Map(backendsOf(database).map((pid) => [pid, ticksOf(pid) ?? 0])),
  };
}

export type CpuSeconds = {
  server: number;
  sandbox: number;
  database: number;
  load: number;
  /** Statements the server sent to the database in the window. */
  statements: number;
};

/** CPU seconds between two snapshots (a backend that appeared in between counts from zero). */
export function cpuBetween(start: CpuSnapshot, end: CpuSnapshot, loadSeconds: number): CpuSeconds {
  let database = 0;
  for (const [pid, ticks] of end.database) database += ticks - (start.database.get(pid) ?? 0);
  return {
    server: (end.server - start.server) / TICKS_PER_SECOND,
    sandbox: (end.sandbox - start.sandbox) / TICKS_PER_SECOND,
    database: database / TICKS_PER_SECOND,
    load: loadSeconds,
    statements: end.statements - start.statements,
  };
}

export const cpuTotal = (c: CpuSeconds) => c.server + c.sandbox + c.database + c.load;
