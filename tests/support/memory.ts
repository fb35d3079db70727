// The memory of a command and everything it starts, for the benchmarks: sampled from /proc (Linux).
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** The resident memory of a process and all its descendants, summed, and of the largest of them, from /proc (Linux). */
export function treeRss(root: number): { all: number; largest: number } {
  const parent = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      parent.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const inTree = (pid: number): boolean => pid === root || (parent.has(pid) && pid > 1 && inTree(parent.get(pid)!));
  let all = 0;
  let largest = 0;
  for (const pid of parent.keys()) {
    if (!inTree(pid)) continue;
    try {
      const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
      all += kb;
      largest = Math.max(largest, kb);
    } catch {
      // gone meanwhile
    }
  }
  return { all: all * 1024, largest: largest * 1024 };
}

/**
 * Runs a command: its seconds, the CPU seconds of all its processes (user + system, as bash's `time`
 * counts them: on a busy shared machine the wall-clock seconds mostly measure the others), its output,
 * its exit code and the peak memory of its processes (sampled every 100 ms): of all of them at once
 * (peak), and of the largest one (largest: a process's worker threads are in it).
 */
export async function measured(command: string, args: string[], cwd: string): Promise<{ seconds: number; cpu: number; out: string; code: number | null; peak: number; largest: number }> {
  const start = performance.now();
  const quoted = [command, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  const child = spawn('bash', ['-c', `TIMEFORMAT='cpu-seconds %U %S'; time ${quoted}`], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d));
  child.stderr.on('data', (d: Buffer) => (out += d));
  let peak = 0;
  let largest = 0;
  const sampler = setInterval(() => {
    const rss = treeRss(child.pid!);
    peak = Math.max(peak, rss.all);
    largest = Math.max(largest, rss.largest);
  }, 100);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearInterval(sampler);
  const times = /cpu-seconds ([\d.]+) ([\d.]+)\s*$/.exec(out);
  return { seconds: (performance.now() - start) / 1000, cpu: times ? Number(times[1]) + Number(times[2]) : NaN, out: out.replace(/cpu-seconds [\d. ]+\s*$/, ''), code, peak, largest };
}
