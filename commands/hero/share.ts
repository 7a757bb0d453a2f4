// /hero share on|off. Nobody changes someone else's hero: every write command acts on the
// invoker's own record; sharing only lets others read it (/hero show user:@you, /party).
import { UserError } from '../../src/errors.ts';
import { choice } from '../../src/pipeline/options.ts';
import { defineSubcommand } from '../../src/pipeline/types.ts';
import { changeHero, coreOf, heroReply } from './common.ts';
import { heroName, heroNameAutocomplete } from './manage.ts';
import { PARTY_RULE, notePresenceSafely } from './shared.ts';

export const shareSubcommand = defineSubcommand({
  name: 'share',
  description: 'Let others see this hero (/hero show user:, /party)',
  example: '/hero share state:on',
  access: 'write',
  options: { state: choice('on or off', ['on', 'off']).required(), hero: heroName },
  autocomplete: heroNameAutocomplete,
  async run(args, ctx) {
    const on = args.state === 'on';
    const out = await changeHero(ctx, args.hero, 'share', (h) => {
      if (h.shared === on)
        throw new UserError(`${h.name} is ${on ? 'already shared' : 'not shared'}.`, undefined, 'no_change');
      const summary = on ? 'Shared: others can see this hero (read-only).' : 'No longer shared.';
      return { core: { ...coreOf(h), shared: on }, summary };
    });
    if (on) await notePresenceSafely(ctx, out.record, true);
    const lines = on ? [`Others: \`/hero show user:@you\`. ${PARTY_RULE}`] : ['Only you can see it now.'];
    return heroReply(out.hero, { headline: out.summary, lines, ephemeral: args.hide, extra: { shared: on } });
  },
});
