// Gateway mode: a discord.js Client with the Guilds intent only and caches trimmed to what a
// slash-command bot uses. Interactions go through the one pipeline in dispatch.ts.
import {
  AttachmentBuilder,
  Client,
  Events,
  GatewayIntentBits,
  MessageFlags,
  Options,
  type Interaction,
  type MessageContextMenuCommandInteraction,
} from 'discord.js';
import { autocomplete, dispatch, type DispatchDeps } from '../bot/dispatch.ts';
import { DEFER_AFTER_MS } from '../bot/limits.ts';
import type { Invocation, Invoker, Reply } from '../bot/types.ts';
import { buttonRows, invocationFromMessageCommand, invocationFromOptions, type Membership, type RawOption } from './interaction.ts';

export interface GatewayBot {
  client: Client;
  start(): Promise<void>;
  stop(): Promise<void>;
}

function filesOf(reply: Reply): AttachmentBuilder[] {
  return (reply.files ?? []).map((f) => new AttachmentBuilder(f.data, { name: f.name, description: f.description }));
}

function payload(reply: Reply) {
  return {
    embeds: reply.embeds,
    components: buttonRows(reply.buttons) as never[],
    files: filesOf(reply),
    allowedMentions: { parse: [] as never[] },
  };
}

/** Apps -> "Ask hungerbot" on a message: the message as Discord resolved it in the interaction. */
function messageInvocation(i: MessageContextMenuCommandInteraction, user: Invoker): Invocation {
  const message = { content: i.targetMessage.content, author: { id: i.targetMessage.author.id } };
  const data = { name: i.commandName, target_id: i.targetId, resolved: { messages: { [i.targetId]: message } } };
  return invocationFromMessageCommand(data, user);
}

export function createGatewayBot(opts: Omit<DispatchDeps, 'transport'> & { token: string; apiUrl?: string }): GatewayBot {
  const deps: DispatchDeps = { registry: opts.registry, services: opts.services, transport: 'gateway' };
  const { logger } = opts.services;
  const client = new Client({
    intents: [GatewayIntentBits.Guilds],
    // Interactions carry everything we need; keep only the caches discord.js itself requires.
    makeCache: Options.cacheWithLimits({
      ...Options.DefaultMakeCacheSettings,
      MessageManager: 0,
      GuildMemberManager: { maxSize: 0, keepOverLimit: (m) => m.id === m.client.user.id },
      UserManager: 0,
      PresenceManager: 0,
      ReactionManager: 0,
      GuildEmojiManager: 0,
      GuildStickerManager: 0,
      VoiceStateManager: 0,
      ThreadManager: 0,
      GuildScheduledEventManager: 0,
      StageInstanceManager: 0,
      GuildInviteManager: 0,
      AutoModerationRuleManager: 0,
      BaseGuildEmojiManager: 0,
    }),
    allowedMentions: { parse: [] },
    ...(opts.apiUrl ? { rest: { api: opts.apiUrl } } : {}),
  });

  const userOf = (i: Interaction): Invoker => ({ id: i.user.id, name: i.user.username });
  const memberOf = (i: Interaction): Membership => ({
    ...(i.guildId ? { guildId: i.guildId } : {}),
    ...(i.memberPermissions ? { permissions: i.memberPermissions.bitfield.toString() } : {}),
  });

  async function onInteraction(interaction: Interaction): Promise<void> {
    if (interaction.isAutocomplete()) {
      const inv = invocationFromOptions('autocomplete', interaction.commandName, interaction.options.data as readonly RawOption[], userOf(interaction), memberOf(interaction));
      await interaction.respond(await autocomplete(inv, deps));
      return;
    }
    if (interaction.isChatInputCommand() || interaction.isMessageContextMenuCommand()) {
      const user = userOf(interaction);
      const member = memberOf(interaction);
      const inv = interaction.isMessageContextMenuCommand()
        ? { ...messageInvocation(interaction, user), ...member }
        : invocationFromOptions('command', interaction.commandName, interaction.options.data as readonly RawOption[], user, member);
      const work = dispatch(inv, deps);
      // Answer within Discord's 3 s: if the handler is slow, defer first and edit later.
      const quick = await Promise.race([work, new Promise<null>((r) => setTimeout(() => r(null), DEFER_AFTER_MS).unref())]);
      if (quick) {
        await interaction.reply({ ...payload(quick), flags: quick.ephemeral ? MessageFlags.Ephemeral : undefined });
        return;
      }
      await interaction.deferReply({ flags: inv.options.hide === true ? MessageFlags.Ephemeral : undefined });
      await interaction.editReply(payload(await work));
      return;
    }
    if (interaction.isButton()) {
      const work = dispatch(
        { kind: 'component', commandName: '', options: {}, customId: interaction.customId, user: userOf(interaction), ...memberOf(interaction) },
        deps,
      );
      // A Details press re-runs its command, which may be slow: defer it privately, then edit.
      const quick = interaction.customId.startsWith('details:')
        ? await Promise.race([work, new Promise<null>((r) => setTimeout(() => r(null), DEFER_AFTER_MS).unref())])
        : await work;
      if (!quick) {
        await interaction.deferReply({ flags: MessageFlags.Ephemeral });
        await interaction.editReply(payload(await work));
        return;
      }
      const reply = quick;
      // Details (and other asNewMessage replies) come as a new message, private when ephemeral;
      // other presses replace the message they were on (e.g. a confirmation becomes the result).
      if (reply.asNewMessage) await interaction.reply({ ...payload(reply), flags: reply.ephemeral ? MessageFlags.Ephemeral : undefined });
      else await interaction.update(payload(reply));
    }
  }

  client.on(Events.InteractionCreate, (interaction) => {
    onInteraction(interaction).catch((err: unknown) => {
      logger.error({ err, interactionId: interaction.id, userId: interaction.user.id }, 'could not answer an interaction');
    });
  });
  client.on(Events.Error, (err) => logger.error({ err }, 'discord client error'));
  client.on(Events.Warn, (msg) => logger.warn(msg));

  return {
    client,
    async start() {
      const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
      await client.login(opts.token);
      await ready;
      logger.info({ user: client.user?.tag, guilds: client.guilds.cache.size }, 'connected to Discord');
    },
    async stop() {
      await client.destroy();
    },
  };
}
