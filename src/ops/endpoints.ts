// Operator endpoints: GET /healthz (liveness: the process answers), GET /readyz (readiness: the
// store answers a ping within a deadline, and in gateway mode every shard is connected) and
// GET /metrics (Prometheus). The HTTP endpoint serves them on its own port unless METRICS_PORT
// is set; the gateway serves them on METRICS_PORT only.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { Store } from '../store/store.ts';

/** A readiness check gives up after this: a load balancer must not wait on a stalled store. */
export const READINESS_DEADLINE_MS = 1000;

export interface Check {
  ok: boolean;
  detail?: string;
}

export interface Readiness {
  ready: boolean;
  checks: Record<string, Check>;
}

export interface OpsRoutes {
  /** Readiness: every check must pass. */
  ready(): Promise<Readiness>;
  /** The metrics page; absent: /metrics answers 404. */
  metrics?(): Promise<{ contentType: string; body: string }>;
  /** Extra fields for /healthz (the shard id, …). */
  health?(): Record<string, unknown>;
}

export const OPS_PATHS = ['/healthz', '/readyz', '/metrics'] as const;

/** Run a check within `ms`; a slow or failing one is reported with why. */
export async function checkWithin(ms: number, check: () => Promise<Check>): Promise<Check> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<Check>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, detail: `no answer within ${ms} ms` }), ms);
    timer.unref();
  });
  try {
    return await Promise.race([
      check().catch((err: unknown) => ({ ok: false, detail: err instanceof Error ? err.message : String(err) })),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** The store answers a ping within the readiness deadline. */
export function storeCheck(store: Store, ms = READINESS_DEADLINE_MS): Promise<Check> {
  return checkWithin(ms, async () => {
    const started = performance.now();
    await store.ping();
    return { ok: true, detail: `${store.kind} answered in ${Math.round(performance.now() - started)} ms` };
  });
}

export function readinessOf(checks: Record<string, Check>): Readiness {
  return { ready: Object.values(checks).every((c) => c.ok), checks };
}

function json(res: ServerResponse, status: number, body: unknown, head: boolean): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
  });
  res.end(head ? undefined : text);
}

const startedAt = Date.now();

/**
 * Answer GET (or HEAD) /healthz, /readyz and /metrics. Returns false, touching nothing, for any
 * other request, which the caller then answers.
 */
export function handleOps(req: IncomingMessage, res: ServerResponse, routes: OpsRoutes): boolean {
  const path = (req.url ?? '').split('?')[0];
  if ((req.method !== 'GET' && req.method !== 'HEAD') || !OPS_PATHS.includes(path as never)) return false;
  const head = req.method === 'HEAD';
  req.resume();
  const answer = async () => {
    if (path === '/healthz') {
      const uptimeS = Math.round((Date.now() - startedAt) / 1000);
      return json(res, 200, { status: 'ok', uptimeS, ...routes.health?.() }, head);
    }
    if (path === '/readyz') {
      const readiness = await routes.ready();
      return json(res, readiness.ready ? 200 : 503, readiness, head);
    }
    if (!routes.metrics) return json(res, 404, { error: 'metrics are not served here' }, head);
    const { contentType, body } = await routes.metrics();
    res.writeHead(200, { 'content-type': contentType, 'content-length': Buffer.byteLength(body) });
    res.end(head ? undefined : body);
  };
  answer().catch((err: unknown) => {
    if (!res.headersSent) json(res, 500, { error: err instanceof Error ? err.message : String(err) }, head);
    else res.destroy();
  });
  return true;
}

export interface OpsServer {
  server: Server;
  port: number;
  close(): Promise<void>;
}

/** The operator endpoints on a port of their own (METRICS_PORT); anything else is 404. */
export async function startOpsServer(
  port: number,
  routes: OpsRoutes,
  logger: Logger,
  host = '0.0.0.0',
): Promise<OpsServer> {
  const server = createServer((req, res) => {
    if (handleOps(req, res, routes)) return;
    req.resume();
    json(res, 404, { error: 'not found' }, req.method === 'HEAD');
  });
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 10_000;
  server.requestTimeout = 15_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => (server.off('error', reject), resolve()));
  });
  const bound = (server.address() as AddressInfo).port;
  logger.info({ port: bound, paths: OPS_PATHS }, 'health and metrics listening');
  return {
    server,
    port: bound,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}
