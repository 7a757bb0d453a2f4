// Starts a real PostgreSQL server (Debian's postgresql package) for the test run: initdb in a
// temporary directory (--auth=trust), pg_ctl start on a free loopback port with its socket in
// that directory, as the unprivileged `postgres` user when the tests run as root; stopped and
// removed after. Tests read its URL with inject('postgresUrl').
import type { TestProject } from 'vitest/node';
import 'vitest';
import { startPostgres } from '../helpers/servers.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await startPostgres();
  project.provide('postgresUrl', server.url);
  return () => server.stop();
}
