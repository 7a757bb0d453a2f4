// Compiles the bot to plain JavaScript in dist/ with esbuild: `npm start` runs dist/main.js, and
// the worker pool runs dist/worker.js beside it. Packages stay external (node_modules is there at
// run time); dynamic imports become their own chunks, so a mode loads only what it uses.
//
//   node scripts/build.mjs             build now
//   node scripts/build.mjs --if-stale  build only if a source file changed since the last build
//
// Incremental by content of the build's own record (dist/build.json): every input esbuild read,
// with its size and modification time, plus this script and package.json. Any difference (an edit,
// a checkout, a new import) rebuilds; otherwise checking costs a stat per source file.
import { existsSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const DIST = join(ROOT, 'dist');
const RECORD = 'build.json';
const ENTRY_POINTS = { main: 'src/main.ts', worker: 'src/runtime/worker.ts' };
const ALWAYS = ['scripts/build.mjs', 'package.json'];

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
  for (const out of Object.keys(ENTRY_POINTS))
    if (!existsSync(join(DIST, `${out}.js`))) return `dist/${out}.js is missing`;
  for (const [file, print] of Object.entries(record.inputs)) if (fingerprint(file) !== print) return `${file} changed`;
  return null;
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
    metafile: true,
    logLevel: 'warning',
  });
  const inputs = {};
  for (const file of [...Object.keys(result.metafile.inputs), ...ALWAYS]) {
    const rel = relative(ROOT, resolve(ROOT, file));
    if (!rel.startsWith('node_modules')) inputs[rel] = fingerprint(rel);
  }
  writeFileSync(
    join(tmp, RECORD),
    JSON.stringify({ node: process.versions.node.split('.')[0], esbuild: esbuild.version, inputs }, null, 1),
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
