import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Two cores: keep the pool small so servers started by tests get CPU too.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Real servers for the store suites (Redis, PostgreSQL) and the fault suite's figures.
    globalSetup: ['test/setup/redis.ts', 'test/setup/postgres.ts', 'test/setup/figures.ts'],
  },
});
