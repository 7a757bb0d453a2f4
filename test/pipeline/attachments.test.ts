// Reading an attached file (src/pipeline/attachments.ts): only the configured hosts (Discord's CDN by
// default; a local stand-in here), a byte cap checked before and while reading, a deadline, no
// redirects, text only; and Discord's resolved attachments reaching the Invocation.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserError } from '../../src/errors.ts';
import { createAttachmentReader, DISCORD_CDN_HOSTS } from '../../src/pipeline/attachments.ts';
import { invocationFromOptions } from '../../src/transport/interaction.ts';
import { parseInteraction } from '../../src/transport/http.ts';

let server: Server;
let base = '';
const hanging: ((v?: unknown) => void)[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/ok.txt') return void res.end('Dlvl:1 $:0 HP:12(12)\n');
    if (req.url === '/big') {
      // Says nothing of its size, then sends 2,000 bytes.
      res.write('x'.repeat(1000));
      return void res.end('x'.repeat(1000));
    }
    if (req.url === '/binary') return void res.end(Buffer.from([0x50, 0x4b, 0x00, 0x03]));
    if (req.url === '/moved') return void res.writeHead(302, { location: '/ok.txt' }).end();
    if (req.url === '/slow') return void hanging.push(() => res.end('late'));
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  hanging.forEach((f) => {
    f();
  });
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const local = (o: { maxBytes?: number; timeoutMs?: number } = {}) =>
  createAttachmentReader({ hosts: ['127.0.0.1'], allowHttp: true, ...o });
const ref = (path: string, size = 10) => ({ id: '1', url: `${base}${path}`, size });

async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(UserError);
    expect((err as UserError).code).toBe('bad_attachment');
    return (err as UserError).message;
  }
  throw new Error('expected a refusal');
}

describe('createAttachmentReader', () => {
  it('reads a text file from an allowed host', async () => {
    expect(await local().read(ref('/ok.txt'))).toBe('Dlvl:1 $:0 HP:12(12)\n');
  });

  it("by default reads only Discord's CDN, over HTTPS, without credentials", async () => {
    expect(DISCORD_CDN_HOSTS).toEqual(['cdn.discordapp.com', 'media.discordapp.net']);
    const strict = createAttachmentReader({ fetchImpl: () => Promise.reject(new Error('must not fetch')) });
    expect(await refusal(strict.read(ref('/ok.txt')))).toContain("Discord's CDN");
    expect(await refusal(strict.read({ id: '1', url: 'http://cdn.discordapp.com/a.txt', size: 1 }))).toContain(
      "Discord's CDN",
    );
    expect(
      await refusal(strict.read({ id: '1', url: 'https://evil.example/cdn.discordapp.com/a', size: 1 })),
    ).toContain('evil.example');
    expect(await refusal(strict.read({ id: '1', url: 'https://u:p@cdn.discordapp.com/a', size: 1 }))).toContain(
      "Discord's CDN",
    );
    expect(await refusal(strict.read({ id: '1', url: 'not a url', size: 1 }))).toContain('address');
  });

  it('refuses a file Discord says is too large without downloading it', async () => {
    let fetched = false;
    const reader = createAttachmentReader({
      hosts: ['127.0.0.1'],
      allowHttp: true,
      maxBytes: 100,
      fetchImpl: (() => ((fetched = true), Promise.reject(new Error('no')))) as unknown as typeof fetch,
    });
    expect(await refusal(reader.read(ref('/ok.txt', 101)))).toMatch(/at most/);
    expect(fetched).toBe(false);
  });

  it('stops reading past the cap even when the size was understated', async () => {
    expect(await refusal(local({ maxBytes: 1500 }).read(ref('/big', 10)))).toMatch(/larger than/);
    expect((await local({ maxBytes: 2000 }).read(ref('/big', 10))).length).toBe(2000);
  });

  it('gives up at the deadline, follows no redirect, refuses binary files and errors', async () => {
    expect(await refusal(local({ timeoutMs: 200 }).read(ref('/slow')))).toMatch(/within 0.2 s/);
    expect(await refusal(local().read(ref('/moved')))).toMatch(/could not be downloaded|answered 302/);
    expect(await refusal(local().read(ref('/binary')))).toMatch(/not a text file/);
    expect(await refusal(local().read(ref('/missing')))).toMatch(/answered 404/);
  });
});

describe("Discord's resolved attachments reach the Invocation", () => {
  const attachment = { url: 'https://cdn.discordapp.com/attachments/1/2/dump.txt', size: 1234, filename: 'dump.txt' };
  it('from the raw API (HTTP endpoint), with the channel', () => {
    const parsed = parseInteraction({
      id: '5',
      type: 2,
      token: 'tok',
      application_id: '6',
      channel_id: '7',
      guild_id: '8',
      user: { id: '9', username: 'u' },
      data: {
        name: 'hero',
        options: [{ name: 'import', type: 1, options: [{ name: 'file', type: 11, value: '100' }] }],
        resolved: { attachments: { '100': attachment } },
      },
    });
    expect(parsed.ok && !parsed.ping).toBe(true);
    if (!parsed.ok || parsed.ping) return;
    const i = parsed.interaction;
    const inv = invocationFromOptions(
      'command',
      'hero',
      i.data?.options,
      parsed.user,
      { channelId: i.channel_id },
      i.data?.resolved?.attachments,
    );
    expect(inv).toMatchObject({ subcommand: 'import', options: { file: '100' }, channelId: '7' });
    expect(inv.attachments).toEqual({
      '100': { id: '100', url: attachment.url, size: 1234, filename: 'dump.txt', contentType: undefined },
    });
  });
});
