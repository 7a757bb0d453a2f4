// Starts a real redis-server (Debian package) on a free loopback port for the test run and
// stops it after. Tests read its URL with inject('redisUrl').
import type { TestProject } from 'vitest/node';
import 'vitest';
import { startRedis } from '../helpers/servers.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    redisUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await startRedis();
  project.provide('redisUrl', server.url);
  return () => server.stop();
}
