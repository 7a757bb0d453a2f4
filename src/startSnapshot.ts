// Entry of the V8 start-up snapshot behind `npm start -- ask …` (scripts/start.sh). scripts/build.mjs
// bundles this file and everything the console path evaluates (config schema, engine, commands,
// renderers, parsers) into one script (dist/snapshot.cjs) and runs it under `node --build-snapshot`:
// the modules' top levels run then, once, and a start deserializes the finished heap instead of
// compiling and evaluating ~3 MB of JavaScript. Nothing reads the environment, files, sockets or
// timers while the snapshot is built: native and I/O packages (SQLite, Redis, PostgreSQL, resvg,
// discord.js, pino) are required at run time from node_modules, built-ins the snapshot builder does
// not support (worker_threads, http, async_hooks, …) load on first use and throw if used while it is
// built, and the configuration (.env included) is read from the run's own environment.
//
// Run as `node --snapshot-blob <blob> <root> ask …`: the main function below checks that dist/ is the
// build this snapshot was made from and that no source changed since; otherwise it hands the run to
// scripts/start.mjs (which rebuilds dist/ and the snapshot), so a stale snapshot never answers.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startupSnapshot } from 'node:v8';
import { runMain } from './main.ts';
// Evaluated now, into the snapshot: main.ts and the registry would otherwise import them on demand.
import './transport/console.ts';
import '../commands/index.ts';

/** Set by scripts/build.mjs: the id of the dist/ build this snapshot belongs to. */
declare const HUNGERBOT_BUILD_ID: string;

interface RunTimeGlobals {
  /** `import.meta` of the bundled modules (the bundle is CommonJS): dist/main.js's, so the pool finds dist/worker.js. */
  hungerbotImportMeta?: { url: string };
  /** `require` of packages left on disk (see build.mjs): resolved from dist/, at run time. */
  hungerbotRequire?: NodeJS.Require;
}

interface BuildRecord {
  id?: string;
  inputs?: Record<string, string>;
}

/** The same fingerprint build.mjs records: size and modification time, or "missing". */
function fingerprint(root: string, file: string): string {
  try {
    const s = statSync(join(root, file));
    return `${s.size}:${Math.round(s.mtimeMs)}`;
  } catch {
    return 'missing';
  }
}

/** Why this snapshot must not answer (dist/ rebuilt or a source changed since), or null. */
export function snapshotStaleReason(root: string, buildId: string): string | null {
  let record: BuildRecord;
  try {
    record = JSON.parse(readFileSync(join(root, 'dist', 'build.json'), 'utf8')) as BuildRecord;
  } catch {
    return 'no build record';
  }
  if (record.id !== buildId) return 'dist/ was rebuilt since this snapshot';
  for (const out of ['main.js', 'worker.js']) if (!existsSync(join(root, 'dist', out))) return `dist/${out} is missing`;
  for (const [file, print] of Object.entries(record.inputs ?? {}))
    if (fingerprint(root, file) !== print) return `${file} changed`;
  return null;
}

/** The flags this process started with, less the snapshot's own. */
function nodeFlags(): string[] {
  const flags: string[] = [];
  for (let i = 0; i < process.execArgv.length; i++) {
    const flag = process.execArgv[i]!;
    if (flag === '--snapshot-blob') i++;
    else if (!flag.startsWith('--snapshot-blob=')) flags.push(flag);
  }
  return flags;
}

/** Today's path, in a child process: scripts/start.mjs rebuilds what is stale, then answers. */
function handOver(root: string, args: string[]): never {
  const run = spawnSync(process.execPath, [...nodeFlags(), join(root, 'scripts', 'start.mjs'), ...args], {
    stdio: 'inherit',
  });
  process.exit(run.status ?? 1);
}

function deserializedMain(): void {
  const [given = '.', ...args] = process.argv.slice(1);
  const root = resolve(given);
  const stale = snapshotStaleReason(root, HUNGERBOT_BUILD_ID);
  if (stale) handOver(root, args);
  const mainFile = join(root, 'dist', 'main.js');
  const globals = globalThis as RunTimeGlobals;
  globals.hungerbotImportMeta = { url: pathToFileURL(mainFile).href };
  globals.hungerbotRequire = createRequire(mainFile);
  process.argv = [process.execPath, mainFile, ...args]; // as `node dist/main.js …` sees them
  runMain(args);
}

if (startupSnapshot.isBuildingSnapshot()) startupSnapshot.setDeserializeMainFunction(deserializedMain);
