// `npm start`: compile to dist/ if a source file changed since the last build (a stat per file
// when nothing did), then run the compiled bot in this same process: one Node.js start-up, no
// TypeScript loader. `npm run dev` runs the sources through tsx instead.
import { ensureBuilt } from './build.mjs';

await ensureBuilt();
await import('../dist/main.js');
