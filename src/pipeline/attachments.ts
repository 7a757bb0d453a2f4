// Reading a file the user attached to a command (Discord option type 11). Discord resolves the
// attachment to a URL on its CDN and tells its size; the bot fetches it only from Discord's own
// hosts, over HTTPS, with no redirects, at most MAX_ATTACHMENT_BYTES and within a deadline, and
// accepts text only. The console passes a local path instead (`file:<path>`), read with the same
// byte cap. Every refusal is a UserError (`bad_attachment`): nothing is changed.
import { open } from 'node:fs/promises';
import { UserError } from '../errors.ts';

/** Discord's attachment hosts (attachments are served from the CDN, media proxy for previews). */
export const DISCORD_CDN_HOSTS: readonly string[] = ['cdn.discordapp.com', 'media.discordapp.net'];
/** A long dumplog is about 40 kB; an import reads at most 400,000 characters. */
export const MAX_ATTACHMENT_BYTES = 512 * 1024;
export const ATTACHMENT_TIMEOUT_MS = 5000;

/** An attachment as Discord resolves it in the interaction (data.resolved.attachments[id]). */
export interface AttachmentRef {
  id: string;
  url: string;
  /** Bytes, as Discord says. */
  size: number;
  filename?: string;
  contentType?: string;
}

export interface AttachmentReader {
  /** The attachment's text, or a UserError saying why not. */
  read(ref: AttachmentRef): Promise<string>;
}

export interface AttachmentReaderOptions {
  hosts?: readonly string[];
  /** Tests only: allow http:// (a local stand-in for the CDN). */
  allowHttp?: boolean;
  maxBytes?: number;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

export function badAttachment(what: string, hint?: string): UserError {
  return new UserError(
    what,
    hint ?? 'Paste the text with `text:` instead, or attach the plain text file again.',
    'bad_attachment',
  );
}

function kib(n: number): string {
  return `${Math.ceil(n / 1024).toLocaleString('en-US')} KiB`;
}

/** Only Discord's CDN over HTTPS (or, in tests, the configured stand-in). */
function checkUrl(raw: string, hosts: readonly string[], allowHttp: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badAttachment('That attachment has no usable address.');
  }
  const okProtocol = url.protocol === 'https:' || (allowHttp && url.protocol === 'http:');
  if (!okProtocol || url.username || url.password || !hosts.includes(url.hostname.toLowerCase())) {
    throw badAttachment(`I only read attachments from Discord's CDN, not from ${url.hostname || 'that address'}.`);
  }
  return url;
}

/** UTF-8 text, or a refusal for what is clearly not text (NUL bytes). */
function decodeText(bytes: Uint8Array): string {
  if (bytes.includes(0)) throw badAttachment('That attachment is not a text file.');
  return new TextDecoder('utf-8').decode(bytes);
}

async function readCapped(body: ReadableStream<Uint8Array>, maxBytes: number, abort: () => void): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      abort();
      throw badAttachment(`That attachment is larger than ${kib(maxBytes)}, the most an import reads.`);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) out.set(c, at), (at += c.byteLength);
  return out;
}

export function createAttachmentReader(opts: AttachmentReaderOptions = {}): AttachmentReader {
  const hosts = (opts.hosts ?? DISCORD_CDN_HOSTS).map((h) => h.toLowerCase());
  const maxBytes = opts.maxBytes ?? MAX_ATTACHMENT_BYTES;
  const timeoutMs = opts.timeoutMs ?? ATTACHMENT_TIMEOUT_MS;
  const fetchImpl = opts.fetchImpl ?? fetch;
  return {
    async read(ref) {
      const url = checkUrl(ref.url, hosts, !!opts.allowHttp);
      if (ref.size > maxBytes) {
        throw badAttachment(`That attachment is ${kib(ref.size)}; an import reads at most ${kib(maxBytes)}.`);
      }
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), timeoutMs);
      try {
        const res = await fetchImpl(url, { redirect: 'error', signal: controller.signal });
        if (res.status !== 200 || !res.body)
          throw badAttachment(`Discord's CDN answered ${res.status} for that attachment.`);
        const length = Number(res.headers.get('content-length') ?? NaN);
        if (Number.isFinite(length) && length > maxBytes) {
          controller.abort();
          throw badAttachment(`That attachment is ${kib(length)}; an import reads at most ${kib(maxBytes)}.`);
        }
        return decodeText(await readCapped(res.body, maxBytes, () => controller.abort()));
      } catch (err) {
        if (err instanceof UserError) throw err;
        if (controller.signal.aborted) {
          throw badAttachment(
            `The attachment did not arrive within ${timeoutMs / 1000} s.`,
            'Try again, or paste the text.',
          );
        }
        throw badAttachment('The attachment could not be downloaded.', 'Try again, or paste the text.');
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** The console's `file:<path>`: a local file, read with the same byte cap (text only). */
export async function readLocalFile(path: string, maxBytes = MAX_ATTACHMENT_BYTES): Promise<string> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(path, 'r');
  } catch {
    throw badAttachment(`I can't open the file ${path}.`, 'Give the path of a text file.');
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw badAttachment(`${path} is not a file.`, 'Give the path of a text file.');
    if (stat.size > maxBytes)
      throw badAttachment(`That file is ${kib(stat.size)}; an import reads at most ${kib(maxBytes)}.`);
    const buf = Buffer.alloc(stat.size);
    await handle.read(buf, 0, stat.size, 0);
    return decodeText(buf);
  } catch (err) {
    if (err instanceof UserError) throw err;
    throw badAttachment(`I can't read the file ${path}.`, 'Give the path of a text file.');
  } finally {
    await handle.close();
  }
}
