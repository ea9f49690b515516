// Child processes for operations tests: the project's own commands, run as an operator runs them.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../../events/project-root';
import { bundleServer } from '../../scripts/build-server';

export type Finished = { code: number | null; stdout: string; stderr: string; ms: number };

/** Runs a command to its end (killed after `timeoutMs`); `input` is written to its stdin. */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv, options: { timeoutMs?: number; input?: string } = {}): Promise<Finished> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: Date.now() - started });
    });
    child.stdin.end(options.input ?? '');
  });
}

/** Starts a long-running command and resolves once a line of its output matches `ready`. */
export function startUntil(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: RegExp,
  timeoutMs = 60_000,
): Promise<{ child: ChildProcess; output: () => string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`not ready in ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (d: Buffer) => {
      output += d;
      if (ready.test(output)) {
        clearTimeout(timer);
        resolve({ child, output: () => output });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before ready:\n${output}`));
    });
  });
}

export function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/**
 * Operator scripts (`scripts/<name>.ts`) bundled into plain JavaScript once per test file, the way
 * `npm run build` bundles the server: the same sources, run by `node` alone. Run through tsx, each of
 * a test file's dozen runs spent about two seconds of CPU loading the app's modules through tsx's
 * hooks. The bundle lives under node_modules/.cache, where its packages resolve; `remove` deletes it.
 */
export async function bundledScripts(names: readonly string[]) {
  mkdirSync(path.join(projectRoot, 'node_modules', '.cache'), { recursive: true });
  const outdir = mkdtempSync(path.join(projectRoot, 'node_modules', '.cache', 'scripts-'));
  await bundleServer(Object.fromEntries(names.map((name) => [name, path.join(projectRoot, 'scripts', `${name}.ts`)])), outdir);
  return {
    /** The arguments for `node` that run the script `name` with `args`. */
    args: (name: string, args: string[] = []) => [path.join(outdir, `${name}.mjs`), ...args],
    remove: () => rmSync(outdir, { recursive: true, force: true }),
  };
}
