// Every Discord limit a message or an autocomplete answer must keep, checked on what the bot
// actually sends (the JSON body), independently of the code that enforces them. Returns the list
// of violations (empty: all kept). Limits: discord-api-docs resources/message.mdx (embed limits),
// interactions/receiving-and-responding.mdx, components/reference.mdx.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

interface Embed {
  title?: string;
  description?: string;
  fields?: { name: string; value: string }[];
  footer?: { text: string };
  author?: { name: string };
}

function strings(v: unknown, out: string[] = []): string[] {
  if (typeof v === 'string') out.push(v);
  else if (Array.isArray(v))
    v.forEach((x) => {
      strings(x, out);
    });
  else if (v && typeof v === 'object')
    Object.values(v).forEach((x) => {
      strings(x, out);
    });
  return out;
}

function len(s: string | undefined): number {
  return s?.length ?? 0;
}

export function messageViolations(body: Record<string, unknown> | undefined): string[] {
  const v: string[] = [];
  if (!body) return v;
  for (const s of strings(body)) if (LONE_SURROGATE.test(s)) v.push(`lone surrogate in "${s.slice(0, 30)}"`);
  const embeds = (body.embeds ?? []) as Embed[];
  if (embeds.length > 10) v.push(`${embeds.length} embeds`);
  let total = 0;
  for (const e of embeds) {
    if (e.title !== undefined && (e.title.length === 0 || e.title.length > 256))
      v.push(`title length ${e.title.length}`);
    if (e.description !== undefined && (e.description.length === 0 || e.description.length > 4096))
      v.push(`description length ${e.description.length}`);
    if ((e.fields?.length ?? 0) > 25) v.push(`${e.fields!.length} fields`);
    for (const f of e.fields ?? []) {
      if (f.name.length === 0 || f.name.length > 256) v.push(`field name length ${f.name.length}`);
      if (f.value.length === 0 || f.value.length > 1024) v.push(`field value length ${f.value.length}`);
      total += f.name.length + f.value.length;
    }
    if (len(e.footer?.text) > 2048) v.push(`footer length ${len(e.footer?.text)}`);
    if (len(e.author?.name) > 256) v.push(`author length ${len(e.author?.name)}`);
    total += len(e.title) + len(e.description) + len(e.footer?.text) + len(e.author?.name);
  }
  if (total > 6000) v.push(`embeds total ${total}`);
  const rows = (body.components ?? []) as { components?: { custom_id?: string; label?: string }[] }[];
  if (rows.length > 5) v.push(`${rows.length} rows`);
  for (const row of rows) {
    if ((row.components?.length ?? 0) > 5) v.push(`${row.components!.length} buttons in a row`);
    for (const b of row.components ?? []) {
      if (!b.custom_id || b.custom_id.length > 100) v.push(`custom_id length ${len(b.custom_id)}`);
      if (len(b.label) > 80) v.push(`label length ${len(b.label)}`);
    }
  }
  if (((body.attachments ?? []) as unknown[]).length > 10) v.push('more than 10 attachments');
  const mentions = body.allowed_mentions as { parse?: unknown[] } | undefined;
  if (mentions && (mentions.parse?.length ?? 0) !== 0) v.push('mentions can ping');
  return v;
}

export function choiceViolations(choices: { name: string; value: string | number }[]): string[] {
  const v: string[] = [];
  if (choices.length > 25) v.push(`${choices.length} choices`);
  for (const c of choices) {
    if (c.name.length === 0 || c.name.length > 100) v.push(`choice name length ${c.name.length}`);
    if (typeof c.value === 'string' && c.value.length > 100) v.push(`choice value length ${c.value.length}`);
    for (const s of strings(c)) if (LONE_SURROGATE.test(s)) v.push('lone surrogate in a choice');
  }
  return v;
}
