// CPU time of a process or thread as Linux's /proc counts it, for the benchmarks and their helpers.

/** /proc counts CPU time in USER_HZ ticks, 100 a second on Linux whatever the kernel's own rate. */
const tickMicros = 10_000;

/**
 * The CPU time (microseconds) in `/proc/.../stat` (a process's or, under task/, a thread's): user and
 * system, and with `children` also those of the children it has waited for (fields 14 to 17 of proc(5)).
 */
export function cpuMicrosOf(statText: string, children = false): number {
  // After "pid (command) ": the command may hold spaces and parentheses; state is the first field then.
  const fields = statText.slice(statText.lastIndexOf(')') + 2).split(' ');
  return fields.slice(11, children ? 15 : 13).reduce((sum, field) => sum + Number(field), 0) * tickMicros;
}
