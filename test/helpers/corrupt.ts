// Every shape of broken stored record the bot must tell apart from "storage is down": texts that
// are not a readable Keyv record at all (storeLevel), and readable JSON that is not a valid hero
// record. Each is written raw into a real backend by the tests.
const VALID_RECORD = {
  schemaVersion: 2,
  userId: 'u',
  activeId: null,
  heroes: [],
  updatedAt: '2024-01-01T00:00:00.000Z',
};

export interface CorruptShape {
  name: string;
  /** The exact stored text (null: SQL NULL). */
  text: string | null;
  /** What the user is told about it. */
  reason: RegExp;
  /** Unreadable for the store itself (not a live Keyv envelope), not just an invalid hero record. */
  storeLevel: boolean;
  /** Only SQL has NULL. */
  sqlOnly?: boolean;
}

export const CORRUPT_SHAPES: CorruptShape[] = [
  { name: 'not JSON', text: 'hero: Valk, nutrition 900 {', reason: /not valid JSON/, storeLevel: true },
  { name: 'empty text', text: '', reason: /empty/, storeLevel: true },
  {
    name: 'truncated JSON',
    text: '{"value":{"schemaVersion":2,"userId":"u","activeId":null,"heroes":[{"id":"ab',
    reason: /not valid JSON/,
    storeLevel: true,
  },
  { name: 'JSON null', text: 'null', reason: /null/, storeLevel: true },
  {
    name: "JSON without Keyv's envelope",
    text: JSON.stringify(VALID_RECORD),
    reason: /not a Keyv record/,
    storeLevel: true,
  },
  { name: 'a bare number', text: '42', reason: /not a Keyv record/, storeLevel: true },
  { name: 'a JSON array', text: '[{"value":1}]', reason: /not a Keyv record/, storeLevel: true },
  {
    name: 'an expiry in the past',
    text: JSON.stringify({ value: VALID_RECORD, expires: 1000 }),
    reason: /expiry in the past/,
    storeLevel: true,
  },
  {
    name: 'an invalid expiry',
    text: JSON.stringify({ value: VALID_RECORD, expires: 'soon' }),
    reason: /invalid expiry/,
    storeLevel: true,
  },
  { name: 'SQL NULL', text: null, reason: /empty/, storeLevel: true, sqlOnly: true },
  { name: 'an envelope around null', text: '{"value":null}', reason: /empty/, storeLevel: false },
  {
    name: 'a record failing validation',
    text: JSON.stringify({ value: { ...VALID_RECORD, activeId: 'x', heroes: [{ id: 'nope' }] } }),
    reason: /heroes/,
    storeLevel: false,
  },
  {
    name: 'an unknown schema version',
    text: JSON.stringify({ value: { schemaVersion: 99 } }),
    reason: /unknown schema version 99/,
    storeLevel: false,
  },
];
