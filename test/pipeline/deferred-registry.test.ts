// A Discord process starts with its commands not loaded (Registry.deferred, src/app.ts): the first
// interaction loads them. Nothing may behave differently for that first interaction: a command
// that declares a private reply still defers privately, autocomplete still answers, and an import
// that fails once is tried again by the next interaction.
import { describe, expect, it } from 'vitest';
import { commands } from '../../commands/index.ts';
import { autocomplete, dispatch, Registry } from '../../src/pipeline/dispatch.ts';
import { DEFER_AFTER_MS } from '../../src/pipeline/limits.ts';
import { defineCommand, type CommandModule, type Invocation, type Reply } from '../../src/pipeline/types.ts';
import { createLogger } from '../../src/log.ts';
import { openStore } from '../../src/store/store.ts';
import { Admission } from '../../src/transport/admission.ts';
import { serveInteraction, type Responder } from '../../src/transport/respond.ts';

/** A command slower than the deferral point whose reply is always private (an export, say). */
const secret = defineCommand({
  name: 'secret',
  description: 'Private and slow',
  example: '/secret',
  options: {},
  privateReply: true,
  async run() {
    await new Promise((r) => setTimeout(r, DEFER_AFTER_MS + 200));
    return { embeds: [{ title: 'only for you' }], result: null, ephemeral: true };
  },
});

const user = { id: '1400000000000000042', name: 'u' };
const services = async () => ({ store: await openStore('memory://'), logger: createLogger('silent') });

function recorder(): { r: Responder; calls: string[] } {
  const calls: string[] = [];
  const note = (what: string) => async () => void calls.push(what);
  return {
    calls,
    r: {
      reply: async (reply: Reply) => void calls.push(`reply${reply.ephemeral ? ' (private)' : ''}`),
      defer: async (ephemeral: boolean) => void calls.push(`defer${ephemeral ? ' (private)' : ''}`),
      update: note('update'),
      deferUpdate: note('deferUpdate'),
      editOriginal: note('editOriginal'),
      deleteOriginal: note('deleteOriginal'),
      followUpPrivately: note('followUpPrivately'),
    },
  };
}

describe('a deferred registry', () => {
  it('holds no command until the first interaction, then every command of the list', async () => {
    let imports = 0;
    const registry = Registry.deferred(async () => (imports++, commands));
    expect(registry.commands).toHaveLength(0);
    expect(imports).toBe(0);
    const inv: Invocation = {
      kind: 'command',
      commandName: 'nethack',
      subcommand: 'status',
      options: { nutrition: 150 },
      user,
    };
    const deps = { registry, services: await services(), transport: 'http' as const };
    const [a, b] = await Promise.all([dispatch(inv, deps), dispatch(inv, deps)]);
    expect(a.embeds[0]!.title).toMatch(/^Nutrition 150 is Hungry/);
    expect(b.embeds).toEqual(a.embeds);
    expect(imports).toBe(1);
    expect(registry.commands.map((c) => c.definition.name)).toEqual(commands.map((c) => c.definition.name));
  });

  it('defers a private command privately on the very first interaction', async () => {
    const registry = Registry.deferred(async () => [secret]);
    const deps = { registry, services: await services(), transport: 'gateway' as const };
    const { r, calls } = recorder();
    const inv: Invocation = { kind: 'command', commandName: 'secret', options: {}, user };
    const admission = new Admission();
    expect(await serveInteraction(inv, r, { deps, admission })).toBe('deferred-edit');
    expect(calls).toEqual(['defer (private)', 'editOriginal']);
  });

  it('answers autocomplete on the first interaction', async () => {
    const registry = Registry.deferred(async () => commands);
    const deps = { registry, services: await services(), transport: 'http' as const };
    const choices = await autocomplete(
      {
        kind: 'autocomplete',
        commandName: 'nethack',
        subcommand: 'food',
        options: { name: 'lemb' },
        focused: { name: 'name', value: 'lemb' },
        user,
      },
      deps,
    );
    expect(choices.map((c) => c.value)).toContain('lembas wafer');
  });

  it('tries a failed import again on the next interaction', async () => {
    let attempt = 0;
    const registry = Registry.deferred(async (): Promise<readonly CommandModule[]> => {
      if (++attempt === 1) throw new Error('chunk not found');
      return commands;
    });
    const deps = { registry, services: await services(), transport: 'http' as const };
    const inv: Invocation = { kind: 'command', commandName: 'help', options: {}, user };
    const first = await dispatch(inv, deps);
    expect(first.result).toMatchObject({ error: { code: 'internal_error' } });
    const second = await dispatch(inv, deps);
    expect(second.result).not.toHaveProperty('error');
    expect(attempt).toBe(2);
  });
});
