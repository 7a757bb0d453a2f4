// Configuration errors are one sentence naming the variable, never zod's raw text.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseShardIds } from '../src/config.ts';

describe('loadConfig', () => {
  it.each(['abc', '0', '8080.5', '70000', '-1'])(
    'HTTP_PORT=%s gets a sentence with the range and an example',
    (value) => {
      expect(() => loadConfig({ HTTP_PORT: value })).toThrow(ConfigError);
      expect(() => loadConfig({ HTTP_PORT: value })).toThrow(
        'Configuration error: HTTP_PORT must be a port number, a whole number from 1 to 65535 (for example 8080)',
      );
    },
  );
  it('a good port is a number', () => {
    expect(loadConfig({ HTTP_PORT: '8080' }).HTTP_PORT).toBe(8080);
  });
  it('no message carries zod’s raw wording', () => {
    for (const env of [
      { HTTP_PORT: 'abc' },
      { LOG_LEVEL: 'loud' },
      { DISCORD_GUILD_ID: 'x' },
      { DISCORD_API_URL: 'nope' },
    ]) {
      try {
        loadConfig(env);
        expect.unreachable();
      } catch (e) {
        expect((e as Error).message).not.toMatch(/Invalid input|expected \w+, received/);
      }
    }
  });
});

describe('running at scale', () => {
  it('SHARD_COUNT is auto by default, or a whole number', () => {
    expect(loadConfig({}).SHARD_COUNT).toBe('auto');
    expect(loadConfig({ SHARD_COUNT: '8' }).SHARD_COUNT).toBe(8);
    const message = 'Configuration error: SHARD_COUNT must be auto or a whole number from 1 to 16384';
    for (const bad of ['0', '-1', '2.5', 'many', '99999'])
      expect(() => loadConfig({ SHARD_COUNT: bad }), bad).toThrow(message);
  });
  it('SHARD_IDS takes ids and ranges, each once, and must fit SHARD_COUNT', () => {
    expect(loadConfig({ SHARD_IDS: '3, 0-1,1' }).SHARD_IDS).toEqual([0, 1, 3]);
    expect(parseShardIds('4-2')).toBeNull();
    const message = 'SHARD_IDS must be shard ids or ranges separated by commas';
    for (const bad of ['a', '1,,2', '1-', '-1']) expect(() => loadConfig({ SHARD_IDS: bad }), bad).toThrow(message);
    expect(() => loadConfig({ SHARD_COUNT: '4', SHARD_IDS: '2-4' })).toThrow(
      'Configuration error: SHARD_IDS names shard 4, but SHARD_COUNT=4 has shards 0 to 3',
    );
  });
  it('METRICS_PORT is a port, not the HTTP port', () => {
    expect(loadConfig({ METRICS_PORT: '9100' }).METRICS_PORT).toBe(9100);
    expect(() => loadConfig({ METRICS_PORT: 'x' })).toThrow('METRICS_PORT must be a port number');
    const same = { METRICS_PORT: '8080', HTTP_PORT: '8080' };
    expect(() => loadConfig(same)).toThrow('METRICS_PORT must differ from HTTP_PORT');
  });
});
