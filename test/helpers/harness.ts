// Drive the real pipeline (parse -> coerce -> zod -> handler -> truncation) from tests, with a
// real Keyv store (in-memory by default; pass a URL for SQLite or Redis).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { Registry, autocomplete } from '../../src/pipeline/dispatch.ts';
import type { Choice, CommandModule, Invoker, Reply } from '../../src/pipeline/types.ts';
import type { AttachmentReader } from '../../src/pipeline/attachments.ts';
import { createLogger } from '../../src/log.ts';
import { openStore, type Store } from '../../src/store/store.ts';
import { CONSOLE_USER, runLine } from '../../src/transport/console.ts';
import { parseCommandLine } from '../../src/pipeline/commandLine.ts';

/** Where a line is typed: another channel or server than the console's own. */
export interface Where {
  channelId?: string;
  guildId?: string;
}

export interface Harness {
  ask(line: string, user?: Invoker, where?: Where): Promise<Reply>;
  /** Autocomplete for `option` given the rest of the line, e.g. complete('/nethack meal', 'food', 'jack'). */
  complete(line: string, option: string, typed: string, user?: Invoker): Promise<Choice[]>;
  /** Press a button by its customId. */
  press(customId: string, user?: Invoker, where?: Where): Promise<Reply>;
  store: Store;
  registry: Registry;
  /** Lines logged by the pipeline (JSON strings), for asserting on errors. */
  logs: string[];
  fileDir: string;
  close(): Promise<void>;
}

export async function createHarness(
  opts: {
    commands?: readonly CommandModule[];
    storeUrl?: string;
    storeTimeoutMs?: number;
    attachments?: AttachmentReader;
  } = {},
): Promise<Harness> {
  const commands = opts.commands ?? (await import('../../commands/index.ts')).commands;
  const registry = new Registry(commands);
  const store = await openStore(opts.storeUrl ?? 'memory://', { timeoutMs: opts.storeTimeoutMs });
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, cb) {
      logs.push(String(chunk));
      cb();
    },
  });
  const logger = createLogger('debug', sink);
  const fileDir = mkdtempSync(join(tmpdir(), 'hungerbot-files-'));
  const services = { store, logger, ...(opts.attachments ? { attachments: opts.attachments } : {}) };
  const base = { registry, services, fileDir };
  return {
    ask: (line, user = CONSOLE_USER, where = {}) => runLine(line, { ...base, user, ...where }),
    press: (customId, user = CONSOLE_USER, where = {}) => runLine(`press ${customId}`, { ...base, user, ...where }),
    async complete(line, option, typed, user = CONSOLE_USER) {
      const parsed = parseCommandLine(line, registry);
      return autocomplete(
        {
          kind: 'autocomplete',
          commandName: parsed.commandName,
          group: parsed.group,
          subcommand: parsed.subcommand,
          options: parsed.options,
          focused: { name: option, value: typed },
          user,
        },
        { registry, services, transport: 'console' },
      );
    },
    store,
    registry,
    logs,
    fileDir,
    async close() {
      await store.close();
      rmSync(fileDir, { recursive: true, force: true });
    },
  };
}
