// Gateway mode: a discord.js Client with the Guilds intent only and caches trimmed to what a
// slash-command bot uses. Interactions go through the one pipeline in dispatch.ts, and their
// replies through the privacy rules in respond.ts.
import './oneUndici.ts'; // before discord.js: one undici per process
import {
  AttachmentBuilder,
  Client,
  Events,
  GatewayIntentBits,
  MessageFlags,
  Options,
  Status,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  type Interaction,
  type MessageContextMenuCommandInteraction,
} from 'discord.js';
import type { DispatchDeps } from '../pipeline/dispatch.ts';
import type { Invocation, Invoker, Reply } from '../pipeline/types.ts';
import type { Metrics } from '../ops/metrics.ts';
import { Admission, DEFAULT_ADMISSION, type AdmissionLimits } from './admission.ts';
import {
  buttonRows,
  invocationFromMessageCommand,
  invocationFromOptions,
  type Membership,
  type RawAttachment,
  type RawOption,
} from './interaction.ts';
import { serveAutocomplete, serveInteraction, type Responder, type ServeContext } from './respond.ts';

export interface GatewayBot {
  client: Client;
  /** This client's shards and whether each is connected and ready (readiness, metrics). */
  shards(): { id: number; ready: boolean }[];
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** The shards this client runs, each ready or not (its WebSocket status). */
function shardStates(client: Client): { id: number; ready: boolean }[] {
  const ids = Array.isArray(client.options.shards) ? client.options.shards : [0];
  return ids.map((id) => ({ id, ready: client.ws.shards.get(id)?.status === Status.Ready }));
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

const ephemeralFlag = (yes: boolean | undefined) => (yes ? MessageFlags.Ephemeral : undefined);

/** Apps -> "Ask hungerbot" on a message: the message as Discord resolved it in the interaction. */
function messageInvocation(i: MessageContextMenuCommandInteraction, user: Invoker): Invocation {
  const message = { content: i.targetMessage.content, author: { id: i.targetMessage.author.id } };
  const data = { name: i.commandName, target_id: i.targetId, resolved: { messages: { [i.targetId]: message } } };
  return invocationFromMessageCommand(data, user);
}

/** The server and the member's permissions (for server settings). */
const memberOf = (i: Interaction): Membership => ({
  ...(i.guildId ? { guildId: i.guildId } : {}),
  ...(i.channelId ? { channelId: i.channelId } : {}),
  ...(i.memberPermissions ? { permissions: i.memberPermissions.bitfield.toString() } : {}),
});

/** Attachment options as Discord resolved them (URL and size), in the raw API's shape. */
function attachmentsResolved(i: ChatInputCommandInteraction): Record<string, RawAttachment> | undefined {
  const found = i.options.resolved?.attachments;
  if (!found?.size) return undefined;
  const out: Record<string, RawAttachment> = {};
  for (const [id, a] of found) {
    out[id] = { url: a.url, size: a.size, filename: a.name, ...(a.contentType ? { content_type: a.contentType } : {}) };
  }
  return out;
}

/** discord.js calls for one command or button interaction. */
function responderFor(
  interaction: ChatInputCommandInteraction | MessageContextMenuCommandInteraction | ButtonInteraction,
): Responder {
  return {
    reply: async (reply) =>
      void (await interaction.reply({ ...payload(reply), flags: ephemeralFlag(reply.ephemeral) })),
    defer: async (ephemeral) => void (await interaction.deferReply({ flags: ephemeralFlag(ephemeral) })),
    update: async (reply) => {
      if (!interaction.isButton()) throw new Error('update is for buttons');
      await interaction.update(payload(reply));
    },
    deferUpdate: async () => {
      if (!interaction.isButton()) throw new Error('deferUpdate is for buttons');
      await interaction.deferUpdate();
    },
    editOriginal: async (reply) => void (await interaction.editReply(payload(reply))),
    deleteOriginal: () => interaction.deleteReply(),
    followUpPrivately: async (reply) =>
      void (await interaction.followUp({ ...payload(reply), flags: MessageFlags.Ephemeral })),
  };
}

export interface GatewayOptions extends Omit<DispatchDeps, 'transport'> {
  token: string;
  apiUrl?: string;
  admission?: AdmissionLimits;
  metrics?: Metrics;
  /**
   * The shards this client runs and the bot's shard count. Unset: discord.js decides (one shard,
   * or what a ShardingManager that spawned this process set in SHARDS and SHARD_COUNT).
   */
  shards?: { ids: number[]; count: number };
}

export function createGatewayBot(opts: GatewayOptions): GatewayBot {
  const deps: DispatchDeps = {
    registry: opts.registry,
    services: opts.services,
    transport: 'gateway',
    handlerTimeoutMs: opts.handlerTimeoutMs,
  };
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
    ...(opts.shards ? { shards: opts.shards.ids, shardCount: opts.shards.count } : {}),
  });

  const userOf = (i: Interaction): Invoker => ({ id: i.user.id, name: i.user.username });
  const admission = new Admission(opts.admission ?? DEFAULT_ADMISSION);
  const serving: ServeContext = { deps, admission, metrics: opts.metrics };
  opts.metrics?.watch({ inFlight: () => admission.active, shards: () => shardStates(client) });

  async function onInteraction(interaction: Interaction): Promise<void> {
    const receivedAt = performance.now();
    if (interaction.isAutocomplete()) {
      const options = interaction.options.data as readonly RawOption[];
      const user = userOf(interaction);
      const inv = invocationFromOptions('autocomplete', interaction.commandName, options, user, memberOf(interaction));
      await serveAutocomplete(inv, serving, (choices) => interaction.respond(choices), receivedAt);
      return;
    }
    if (interaction.isChatInputCommand() || interaction.isMessageContextMenuCommand()) {
      const user = userOf(interaction);
      const member = memberOf(interaction);
      const options = interaction.isChatInputCommand() ? (interaction.options.data as readonly RawOption[]) : [];
      const attachments = interaction.isChatInputCommand() ? attachmentsResolved(interaction) : undefined;
      const inv: Invocation = interaction.isMessageContextMenuCommand()
        ? { ...messageInvocation(interaction, user), ...member }
        : invocationFromOptions('command', interaction.commandName, options, user, member, attachments);
      await serveInteraction(inv, responderFor(interaction), serving, { receivedAt });
      return;
    }
    if (interaction.isButton()) {
      const inv: Invocation = {
        kind: 'component',
        commandName: '',
        options: {},
        customId: interaction.customId,
        user: userOf(interaction),
        ...memberOf(interaction),
      };
      const messagePrivate = interaction.message.flags.has(MessageFlags.Ephemeral);
      await serveInteraction(inv, responderFor(interaction), serving, { messagePrivate, receivedAt });
    }
  }

  client.on(Events.InteractionCreate, (interaction) => {
    onInteraction(interaction).catch((err: unknown) => {
      logger.error(
        { err, interactionId: interaction.id, userId: interaction.user.id },
        'could not answer an interaction',
      );
    });
  });
  client.on(Events.Error, (err) => logger.error({ err }, 'discord client error'));
  client.on(Events.ShardReady, (shardId) => logger.info({ shardId }, 'shard ready'));
  client.on(Events.ShardDisconnect, (event, shardId) =>
    logger.warn({ shardId, code: event.code }, 'shard disconnected'),
  );
  client.on(Events.ShardReconnecting, (shardId) => logger.info({ shardId }, 'shard reconnecting'));
  client.on(Events.Warn, (msg) => logger.warn(msg));

  return {
    client,
    shards: () => shardStates(client),
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
