// /settings: a user's own defaults (NetHack version, Crawl version, compact or detailed replies,
// charts) and a server's (members with Manage Server). The pipeline applies them to every command
// whose options the user left out (src/pipeline/dispatch.ts withSettings); stored in the same store.
import { UserError } from '../src/errors.ts';
import { boolean, choice } from '../src/pipeline/options.ts';
import { COLORS, compact } from '../src/kit/render.ts';
import { defineCommand, type HandlerContext } from '../src/pipeline/types.ts';
import { CRAWL_VERSIONS, NETHACK_VERSIONS } from '../src/engine/cite.ts';
import {
  REPLY_STYLES,
  canManageServer,
  readSettings,
  serverSettingsKey,
  userSettingsKey,
  writeSettings,
  type SettingsView,
  type SettingValues,
} from '../src/settings/settings.ts';

const SOURCE_TEXT = { user: 'yours', server: "this server's", 'built-in': 'built in' } as const;

/** "NetHack 3.4.3, Crawl 0.13, compact replies, charts off" */
export function settingsSummary(v: SettingsView): string {
  const e = v.effective;
  const versions = `NetHack ${e.nethackVersion.value}, Crawl ${e.crawlVersion.value}`;
  return `${versions}, ${e.replies.value} replies, charts ${e.chart.value ? 'on' : 'off'}`;
}

function settingLines(v: SettingsView): string[] {
  const e = v.effective;
  const line = (label: string, value: string, source: keyof typeof SOURCE_TEXT) =>
    `${label}: **${value}** (${SOURCE_TEXT[source]})`;
  return [
    line('NetHack version', e.nethackVersion.value, e.nethackVersion.source),
    line('Crawl version', e.crawlVersion.value, e.crawlVersion.source),
    line('Replies', e.replies.value, e.replies.source),
    line('Charts', e.chart.value ? 'on' : 'off', e.chart.source),
  ];
}

function scopeKey(scope: 'me' | 'server', ctx: HandlerContext): string {
  if (scope === 'me') return userSettingsKey(ctx.user.id);
  if (!ctx.guildId) {
    throw new UserError(
      'Server defaults can only be set in a server.',
      'Use `scope:me` (the default) for your own.',
      'no_server',
    );
  }
  return serverSettingsKey(ctx.guildId);
}

export const settingsCommand = defineCommand({
  name: 'settings',
  description: 'Your default game versions, reply style and charts (or your server’s)',
  example: '/settings nethack_version:3.4.3',
  access: 'write',
  options: {
    nethack_version: choice('Default NetHack version', NETHACK_VERSIONS),
    crawl_version: choice('Default Crawl version', CRAWL_VERSIONS),
    replies: choice('Compact answers with a Details button, or the full breakdown', REPLY_STYLES),
    chart: boolean('Attach charts to forecasts by default'),
    scope: choice('me (default) or server (needs Manage Server)', ['me', 'server']).default('me'),
    reset: boolean('Clear these defaults first (back to the built-in ones)'),
  },
  async run(args, ctx) {
    const key = scopeKey(args.scope, ctx);
    const change: SettingValues = {
      ...(args.nethack_version ? { nethackVersion: args.nethack_version } : {}),
      ...(args.crawl_version ? { crawlVersion: args.crawl_version } : {}),
      ...(args.replies ? { replies: args.replies } : {}),
      ...(args.chart !== undefined ? { chart: args.chart } : {}),
    };
    const changing = Object.keys(change).length > 0 || args.reset === true;
    if (changing && args.scope === 'server' && !canManageServer(ctx.permissions)) {
      throw new UserError(
        "Only members with Manage Server can change this server's defaults.",
        'Set your own with `scope:me` (the default).',
        'missing_permission',
      );
    }
    const store = ctx.services.store;
    if (changing) await writeSettings(store, key, change, { reset: args.reset });
    // Read back within a generous deadline: this command is about the store, so wait for it.
    const view = await readSettings(store, { userId: ctx.user.id, guildId: ctx.guildId }, 5000);
    const whose = args.scope === 'server' ? "This server's defaults" : 'Your defaults';
    const title =
      args.scope === 'server'
        ? `${whose}: ${describe(view.server)}`
        : `${changing ? 'Saved. ' : ''}${whose} now: ${settingsSummary(view)}`;
    return {
      embeds: [
        compact({
          title,
          color: COLORS.info,
          lines: [
            ...settingLines(view),
            args.scope === 'server'
              ? 'Members who chose their own keep theirs; every reply still names the version it used.'
              : 'Options you type always win; every reply names the version it used.',
          ],
          footer: {
            text:
              args.scope === 'server'
                ? `server ${ctx.guildId}`
                : 'scope:server sets the server’s defaults (Manage Server)',
          },
        }),
      ],
      result: {
        scope: args.scope,
        changed: change,
        reset: args.reset ?? false,
        user: view.user,
        server: view.server,
        effective: view.effective,
      },
      ephemeral: args.hide ?? args.scope === 'me',
    };
  },
});

function describe(v: SettingValues): string {
  const parts = [
    v.nethackVersion ? `NetHack ${v.nethackVersion}` : null,
    v.crawlVersion ? `Crawl ${v.crawlVersion}` : null,
    v.replies ? `${v.replies} replies` : null,
    v.chart !== undefined ? `charts ${v.chart ? 'on' : 'off'}` : null,
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : 'none (built-in ones apply)';
}
