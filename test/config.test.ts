// Configuration errors are one sentence naming the variable, never zod's raw text.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

describe('loadConfig', () => {
  it.each(['abc', '0', '8080.5', '70000', '-1'])('HTTP_PORT=%s gets a sentence with the range and an example', (value) => {
    expect(() => loadConfig({ HTTP_PORT: value })).toThrow(ConfigError);
    expect(() => loadConfig({ HTTP_PORT: value })).toThrow('Configuration error: HTTP_PORT must be a port number, a whole number from 1 to 65535 (for example 8080)');
  });
  it('a good port is a number', () => {
    expect(loadConfig({ HTTP_PORT: '8080' }).HTTP_PORT).toBe(8080);
  });
  it('no message carries zod’s raw wording', () => {
    for (const env of [{ HTTP_PORT: 'abc' }, { LOG_LEVEL: 'loud' }, { DISCORD_GUILD_ID: 'x' }, { DISCORD_API_URL: 'nope' }]) {
      try {
        loadConfig(env);
        expect.unreachable();
      } catch (e) {
        expect((e as Error).message).not.toMatch(/Invalid input|expected \w+, received/);
      }
    }
  });
});
