// Child processes for the benches that measure the bot from outside: the compiled bot (dist/,
// built first if stale, as `npm start` does), the bare ceiling server, and what they use.
import { spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
/** A token of the right shape; no request ever reaches Discord in the benches. */
export const FAKE_TOKEN = 'MTEwMDAwMDAwMDAwMDAwMDAwMQ.GfakeX.fake_token_for_tests_only_0123456789';

/**
 * The Node.js flags `npm start` passes (package.json's "start:plain" script, the same as
 * scripts/start.sh's NODE_FLAGS: small young generation, one V8 helper thread, no wasm tier-up;
 * README "Memory"), so a bench runs the bot as operators do.
 */
export const START_FLAGS: readonly string[] = startFlagsOf(
  (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts[
    'start:plain'
  ] ?? '',
);

export function startFlagsOf(start: string): string[] {
  const m = /^node((?: --[\w-]+(?:=\S+)?)*) scripts\/start\.mjs$/.exec(start);
  if (!m) throw new Error(`package.json "start" is not "node [--flags] scripts/start.mjs": ${start}`);
  return m[1]!.trim().split(' ').filter(Boolean);
}

/**
 * The environment scripts/start.sh exports for Node.js (its `export NAME="${NAME:-default}"` lines: the
 * malloc settings of README "Memory"), given to every process a bench starts, the baselines included.
 */
export const START_ENV: Readonly<Record<string, string>> = startEnvOf(
  readFileSync(join(ROOT, 'scripts/start.sh'), 'utf8'),
);

export function startEnvOf(script: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const m of script.matchAll(/^export (\w+)="\$\{(\w+):-([^}"]*)\}"$/gm)) {
    if (m[1] !== m[2]) throw new Error(`scripts/start.sh: export ${m[1]} reads another variable (${m[2]})`);
    env[m[1]!] = m[3]!;
  }
  return env;
}

/** `node <args>` as npm start runs the compiled bot: its flags, then dist/main.js and `args`. */
export const botArgs = (...args: string[]): string[] => [...START_FLAGS, 'dist/main.js', ...args];

export async function ensureCompiled(): Promise<void> {
  const { ensureBuilt } = (await import(join(ROOT, 'scripts/build.mjs'))) as { ensureBuilt: () => Promise<boolean> };
  await ensureBuilt();
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createNetServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export interface Child {
  proc: ChildProcess;
  output: () => string;
  /** Resident memory now, from /proc (MiB), or null. */
  rssMiB(): number | null;
  stop(): Promise<void>;
}

/** Starts `node args` and resolves once `ready` matches its output (stdout or stderr). */
export async function startNode(
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
  timeoutMs = 30_000,
): Promise<Child> {
  const proc = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...START_ENV, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const onData = (d: Buffer) => (out += String(d));
  proc.stdout!.on('data', onData);
  proc.stderr!.on('data', onData);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      proc.kill('SIGKILL'); // never leave a server behind
      reject(new Error(`node ${args.join(' ')} not ready in ${timeoutMs} ms:\n${out}`));
    }, timeoutMs);
    const check = () => {
      if (ready.test(out)) {
        clearTimeout(timer);
        resolve();
      }
    };
    proc.stdout!.on('data', check);
    proc.stderr!.on('data', check);
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`node ${args.join(' ')} exited (${code}) before it was ready:\n${out}`));
    });
  });
  proc.removeAllListeners('exit');
  return {
    proc,
    output: () => out,
    rssMiB() {
      try {
        const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${proc.pid}/status`, 'latin1'))?.[1];
        return kb ? Number(kb) / 1024 : null;
      } catch {
        return null;
      }
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (proc.exitCode !== null) return resolve();
        proc.once('exit', () => resolve());
        proc.kill('SIGTERM');
        setTimeout(() => proc.kill('SIGKILL'), 5_000).unref();
      }),
  };
}

/** An Ed25519 pair as Discord uses it: the public half as 64 hex characters. */
export function keyPair(): { privateKey: KeyObject; publicHex: string } {
  const pair = generateKeyPairSync('ed25519');
  return {
    privateKey: pair.privateKey,
    publicHex: pair.publicKey.export({ format: 'der', type: 'spki' }).subarray(12).toString('hex'),
  };
}

export interface SignedRequest {
  body: Buffer;
  headers: Record<string, string>;
}

export function signedRequest(privateKey: KeyObject, interaction: unknown): SignedRequest {
  const body = Buffer.from(JSON.stringify(interaction));
  const ts = String(Math.floor(Date.now() / 1000));
  const sig = sign(null, Buffer.concat([Buffer.from(ts), body]), privateKey).toString('hex');
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'content-length': String(body.length),
      'x-signature-ed25519': sig,
      'x-signature-timestamp': ts,
    },
  };
}

/** A slash command interaction with flat options (one subcommand). */
export function commandInteraction(
  n: number,
  command: string,
  subcommand: string,
  options: Record<string, string | number | boolean>,
) {
  return {
    id: String(1700000000000000000n + BigInt(n)),
    application_id: '1100000000000000001',
    type: 2,
    token: `tok${n}`,
    member: { user: { id: String(1400000000000000000n + BigInt(n % 1000)), username: `user${n % 1000}` } },
    data: {
      name: command,
      type: 1,
      options: [
        {
          name: subcommand,
          type: 1,
          options: Object.entries(options).map(([name, value]) => ({
            name,
            type: typeof value === 'number' ? 4 : typeof value === 'boolean' ? 5 : 3,
            value,
          })),
        },
      ],
    },
  };
}
