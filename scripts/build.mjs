// Compiles the bot to plain JavaScript in dist/ with esbuild: `npm start` runs dist/main.js, and
// the worker pool runs dist/worker.js beside it. Packages stay external (node_modules is there at
// run time); dynamic imports become their own chunks, so a mode loads only what it uses.
// With it, the start-up snapshot of the console path (dist/snapshot-<node>-<os>-<arch>.blob, see
// src/startSnapshot.ts), from which scripts/start.sh answers `npm start -- ask …`.
//
//   node scripts/build.mjs             build now
//   node scripts/build.mjs --if-stale  build only if a source file changed since the last build
//
// Incremental by content of the build's own record (dist/build.json): every input esbuild read,
// with its size and modification time, plus this script, scripts/start.sh, package.json and npm's
// record of node_modules (the snapshot bundles zod and keyv). Any difference (an edit, a checkout, a
// new import, an install) rebuilds; otherwise checking costs a stat per source file. The record's
// random id is baked into the snapshot, which checks it and the inputs before it answers.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const DIST = join(ROOT, 'dist');
const RECORD = 'build.json';
const INSTALLED = 'node_modules/.package-lock.json';
const ENTRY_POINTS = { main: 'src/main.ts', worker: 'src/runtime/worker.ts', laneWorker: 'src/runtime/laneWorker.ts' };
const ALWAYS = ['scripts/build.mjs', 'scripts/start.sh', 'package.json'];
const SNAPSHOT_ENTRY = 'src/startSnapshot.ts';
/**
 * Packages the snapshot leaves on disk, required at run time: native addons, network clients and
 * servers, and what only the Discord modes load. Every other package is bundled into the snapshot.
 */
const RUN_TIME_PACKAGES = [
  '@keyv/sqlite',
  '@keyv/redis',
  '@keyv/postgres',
  'pg',
  'sqlite3',
  '@resvg/resvg-js',
  'discord.js',
  'undici',
  'prom-client',
  'ws',
  'tsx',
  'esbuild',
];

function fingerprint(file) {
  try {
    const s = statSync(join(ROOT, file));
    return `${s.size}:${Math.round(s.mtimeMs)}`;
  } catch {
    return 'missing';
  }
}

/** Why dist/ must be rebuilt, or null when it is up to date. */
export function staleReason() {
  let record;
  try {
    record = JSON.parse(readFileSync(join(DIST, RECORD), 'utf8'));
  } catch {
    return 'no previous build';
  }
  if (record.node !== process.versions.node.split('.')[0]) return 'another Node.js major version';
  // A snapshot loads only into the exact Node.js build that made it: another one gets its own.
  if (record.snapshotFor !== snapshotName()) return `no start-up snapshot for Node.js ${process.version} yet`;
  for (const out of Object.keys(ENTRY_POINTS))
    if (!existsSync(join(DIST, `${out}.js`))) return `dist/${out}.js is missing`;
  for (const [file, print] of Object.entries(record.inputs)) if (fingerprint(file) !== print) return `${file} changed`;
  return null;
}

/** The Node.js flags of `npm start` (scripts/start.sh's NODE_FLAGS): a snapshot only loads under its build's flags. */
export function startFlags() {
  const m = /^NODE_FLAGS='([^']*)'$/m.exec(readFileSync(join(ROOT, 'scripts', 'start.sh'), 'utf8'));
  if (!m) throw new Error("scripts/start.sh has no NODE_FLAGS='…' line");
  return m[1].split(' ').filter(Boolean);
}

/** The snapshot's file in dist/ for a Node.js build: scripts/start.sh finds it from npm's user agent. */
export function snapshotName(version = process.version, platform = process.platform, arch = process.arch) {
  return `snapshot-${version}-${platform}-${arch}.blob`;
}

/**
 * JSON tables (src/data) as one JSON.parse() of a string each rather than object literals: V8 scans a
 * string literal and parses JSON much faster than it compiles and runs the same data as JavaScript.
 */
const jsonAsString = {
  name: 'json as a string',
  setup(b) {
    b.onLoad({ filter: /\.json$/ }, (a) => {
      const text = JSON.stringify(JSON.parse(readFileSync(a.path, 'utf8')));
      return { contents: `export default JSON.parse(${JSON.stringify(text)});`, loader: 'js' };
    });
  },
};

/**
 * Built-in modules the snapshot builder does not support (it warns, or fails as node:http does):
 * loaded on first use after deserialization, through getters named at build time.
 */
const RUN_TIME_BUILTINS = ['async_hooks', 'child_process', 'http', 'https', 'module', 'net', 'tls', 'worker_threads'];

const escaped = (names) => names.map((p) => p.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|');

/**
 * Imports of `RUN_TIME_PACKAGES` become `require` calls made after the snapshot is deserialized (from
 * dist/, see src/startSnapshot.ts); imports of `RUN_TIME_BUILTINS` become getters that load the
 * module on first use.
 */
const loadedAtRunTime = {
  name: 'loaded at run time',
  setup(b) {
    b.onResolve({ filter: new RegExp(`^(${escaped(RUN_TIME_PACKAGES)})(/.*)?$`) }, (a) => ({
      path: a.path,
      namespace: 'run-time-package',
    }));
    b.onLoad({ filter: /.*/, namespace: 'run-time-package' }, (a) => ({
      contents: `module.exports = globalThis.hungerbotRequire(${JSON.stringify(a.path)});`,
      loader: 'js',
    }));
    b.onResolve({ filter: new RegExp(`^(node:)?(${escaped(RUN_TIME_BUILTINS)})$`) }, (a) => ({
      path: a.path.replace(/^node:/, ''),
      namespace: 'run-time-builtin',
    }));
    b.onLoad({ filter: /.*/, namespace: 'run-time-builtin' }, async (a) => {
      const keys = Object.keys(await import(`node:${a.path}`)).filter((k) => k !== 'default');
      const id = JSON.stringify(`node:${a.path}`);
      return {
        contents: [
          'let loaded;',
          "const building = () => process.getBuiltinModule('node:v8').startupSnapshot.isBuildingSnapshot();",
          'const load = () => {',
          `  if (building()) throw new Error(${JSON.stringify(`node:${a.path} used while the snapshot is built`)});`,
          `  return (loaded ??= process.getBuiltinModule(${id}));`,
          '};',
          `for (const key of ${JSON.stringify(keys)})`,
          '  Object.defineProperty(exports, key, { enumerable: true, get: () => load()[key] });',
        ].join('\n'),
        loader: 'js',
      };
    });
  },
};

/**
 * The start-up snapshot of the console path (src/startSnapshot.ts), built into `dir`: one CommonJS
 * bundle run under `node --build-snapshot`. Returns its inputs and blob name, or null (with a
 * warning) when it cannot be built: scripts/start.sh then runs dist/main.js as before.
 */
async function buildSnapshot(esbuild, dir, id) {
  try {
    if (typeof process.getBuiltinModule !== 'function') throw new Error('this Node.js has no process.getBuiltinModule');
    const bundle = join(dir, 'snapshot.cjs');
    const result = await esbuild.build({
      absWorkingDir: ROOT,
      entryPoints: [SNAPSHOT_ENTRY],
      bundle: true,
      platform: 'node',
      format: 'iife', // a script: the snapshot builder runs it with `require` (built-ins only) and no `module`
      target: 'node20',
      outfile: bundle,
      define: { HUNGERBOT_BUILD_ID: JSON.stringify(id), 'import.meta': 'globalThis.hungerbotImportMeta' },
      supported: { 'dynamic-import': false }, // no import() callback in a deserialized snapshot
      // Stack traces name the script the snapshot was made from, kept in dist/ (not the build's temporary folder).
      footer: { js: '//# sourceURL=dist/snapshot.cjs' },
      plugins: [loadedAtRunTime, jsonAsString],
      metafile: true,
      logLevel: 'warning',
    });
    const blob = snapshotName();
    const args = [...startFlags(), '--snapshot-blob', join(dir, blob), '--build-snapshot', bundle];
    execFileSync(process.execPath, args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'], env: {} });
    return { inputs: Object.keys(result.metafile.inputs), blob };
  } catch (err) {
    const why = err?.stderr?.length ? String(err.stderr) : err instanceof Error ? err.message : String(err);
    process.stderr.write(`hungerbot: no start-up snapshot (npm start runs dist/main.js): ${why.trim()}\n`);
    rmSync(join(dir, snapshotName()), { force: true }); // half a blob would crash the start that loads it
    return null;
  }
}

/** Build into a fresh folder, then swap it in, so a running bot never sees half a build. */
export async function build() {
  const esbuild = await import('esbuild');
  const tmp = `${DIST}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: ENTRY_POINTS,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outdir: tmp,
    entryNames: '[name]',
    chunkNames: '[name]-[hash]', // flat: the pool finds worker.js beside whichever file it is in
    sourcemap: 'linked',
    plugins: [jsonAsString],
    metafile: true,
    logLevel: 'warning',
  });
  const id = randomUUID();
  const snapshot = await buildSnapshot(esbuild, tmp, id);
  const inputs = {};
  for (const file of [...Object.keys(result.metafile.inputs), ...(snapshot?.inputs ?? [])]) {
    if (/^run-time-[a-z]+:/.test(file)) continue; // the snapshot's stand-ins for what loads at run time
    const rel = relative(ROOT, resolve(ROOT, file));
    if (!rel.startsWith('node_modules')) inputs[rel] = fingerprint(rel);
  }
  for (const file of ALWAYS) inputs[file] = fingerprint(file);
  // The snapshot bundles packages: any install or update rewrites npm's own record of node_modules.
  if (snapshot) inputs[INSTALLED] = fingerprint(INSTALLED);
  const node = process.versions.node.split('.')[0];
  writeFileSync(
    join(tmp, RECORD),
    JSON.stringify(
      { id, node, esbuild: esbuild.version, snapshotFor: snapshotName(), snapshot: snapshot?.blob ?? null, inputs },
      null,
      1,
    ),
  );
  const old = `${DIST}.old-${process.pid}`;
  if (existsSync(DIST)) renameSync(DIST, old);
  try {
    renameSync(tmp, DIST);
  } catch {
    rmSync(tmp, { recursive: true, force: true }); // another build swapped its folder in first
  }
  rmSync(old, { recursive: true, force: true });
  return Object.keys(inputs).length;
}

/** Rebuild when stale; says so on stderr (stdout carries replies in `ask --json`). */
export async function ensureBuilt() {
  const reason = staleReason();
  if (!reason) return false;
  const started = performance.now();
  const files = await build();
  process.stderr.write(
    `hungerbot: compiled ${files} files to dist/ in ${Math.round(performance.now() - started)} ms (${reason})\n`,
  );
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv.includes('--if-stale')) await ensureBuilt();
  else {
    const files = await build();
    process.stderr.write(`hungerbot: compiled ${files} files to dist/\n`);
  }
}
