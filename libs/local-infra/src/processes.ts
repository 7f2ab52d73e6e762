import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants, rmSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Socket } from 'node:net';
import { delimiter, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const READY_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 10_000;
const OUTPUT_KEPT_CHARS = 8_000;

/** A server process started by the launcher. */
export type Launched = {
  name: string;
  process: ChildProcess;
  output(): string;
  hasExited(): boolean;
  /** Runs the readiness check; on failure stops the child. On success the child no longer keeps Node alive. */
  ready<T>(check: () => Promise<T>): Promise<T>;
  stop(): Promise<void>;
};

type Tracked = { process: ChildProcess; tempDir?: string };
const running = new Set<Tracked>();
let exitHookInstalled = false;

/** Spawns a server; it is stopped (SIGTERM) when this Node process exits, and `tempDir` removed with it. */
export function launch(
  name: string,
  command: string,
  args: string[],
  opts: { keepStdinOpen?: boolean; tempDir?: string; env?: Record<string, string> },
): Launched {
  const child = spawn(command, args, {
    stdio: [opts.keepStdinOpen ? 'pipe' : 'ignore', 'pipe', 'pipe'],
    env: opts.env ? { ...process.env, ...opts.env } : process.env,
  });
  const tracked: Tracked = { process: child, tempDir: opts.tempDir };
  running.add(tracked);
  installExitHook();

  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_KEPT_CHARS);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  let exited = false;
  const exit = new Promise<void>((resolveExit) => {
    const onExit = () => {
      exited = true;
      running.delete(tracked);
      resolveExit();
    };
    child.once('exit', onExit);
    child.once('error', (error) => {
      collect(Buffer.from(`${error.message}\n`));
      if (child.pid === undefined) onExit();
    });
  });

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      if (!exited) {
        child.kill('SIGTERM');
        const forceKill = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
        await exit;
        clearTimeout(forceKill);
      }
      if (opts.tempDir) await rm(opts.tempDir, { recursive: true, force: true });
    })();
    return stopping;
  };

  const ready = async <T>(check: () => Promise<T>): Promise<T> => {
    try {
      const result = await check();
      child.unref();
      for (const stream of child.stdio) if (stream instanceof Socket) stream.unref();
      return result;
    } catch (error) {
      await stop();
      throw error;
    }
  };

  return { name, process: child, output: () => output, hasExited: () => exited, ready, stop };
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // Children must not outlive a test run or a launcher that forgot stop(); SIGTERM lets them flush their data.
  process.once('exit', () => {
    for (const { process: child, tempDir } of running) {
      child.kill('SIGTERM');
      if (tempDir) rmSync(tempDir, { recursive: true, force: true });
    }
  });
}

/** Resolves with the first capture group of `pattern` once the child prints it on stdout. */
export function waitForStdout(child: Launched, pattern: RegExp): Promise<number> {
  const stdout = child.process.stdout;
  if (!stdout) return Promise.reject(new Error(`${child.name}: no stdout`));
  return new Promise((resolveReady, reject) => {
    let seen = '';
    const cleanup = () => {
      clearTimeout(timer);
      stdout.off('data', onData);
      child.process.off('exit', onExit);
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      const match = pattern.exec(seen);
      if (match) {
        cleanup();
        resolveReady(Number(match[1]));
      }
    };
    const onExit = () => {
      cleanup();
      reject(new Error(`${child.name} exited before it was ready:\n${child.output()}`));
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`${child.name} not ready after ${READY_TIMEOUT_MS / 1000}s:\n${child.output()}`));
    }, READY_TIMEOUT_MS);
    stdout.on('data', onData);
    child.process.once('exit', onExit);
    if (child.hasExited()) onExit();
  });
}

/** Polls `probe` until it answers true; fails when the child exits or after the ready timeout. */
export async function pollUntil(child: Launched, probe: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (child.hasExited()) throw new Error(`${child.name} exited before it was ready:\n${child.output()}`);
    if (await probe()) return;
    if (Date.now() > deadline)
      throw new Error(`${child.name} not ready after ${READY_TIMEOUT_MS / 1000}s:\n${child.output()}`);
    await sleep(50);
  }
}

/** Runs a command to completion; rejects with the tail of its output unless it exits 0. */
export function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const collect = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-OUTPUT_KEPT_CHARS);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.once('error', reject);
    child.once('close', (code, signal) => {
      if (code === 0) resolveRun();
      else
        reject(
          new Error(`${[command, ...args].join(' ')} failed (${signal ?? `exit code ${code}`}):\n${output}`),
        );
    });
  });
}

export function findOnPath(command: string): string | undefined {
  return (process.env.PATH ?? '')
    .split(delimiter)
    .filter(Boolean)
    .map((dir) => join(dir, command))
    .find(isExecutable);
}

export function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}
