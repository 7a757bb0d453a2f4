// prom-client, loaded piece by piece. Its index also loads the Pushgateway client (http, https)
// and, through its CPU metric, @opentelemetry/api: about 12 MiB of idle memory in a process that
// needs neither. The metric classes and the few process metrics an operator watches come from
// prom-client's own files; CPU time is read here. Types are the package's own.
import { createRequire } from 'node:module';
import type * as Prom from 'prom-client';

const require = createRequire(import.meta.url);
const lib = (path: string): unknown => require(`prom-client/lib/${path}`);

export const Registry = lib('registry') as typeof Prom.Registry;
export const Counter = lib('counter') as typeof Prom.Counter;
export const Gauge = lib('gauge') as typeof Prom.Gauge;
export const Histogram = lib('histogram') as typeof Prom.Histogram;
export const AggregatorRegistry = lib('cluster') as typeof Prom.AggregatorRegistry;
export type { MetricObjectWithValues, MetricValue } from 'prom-client';

/** prom-client's process metrics worth their memory: RSS, heap, event loop lag, file descriptors. */
const PROCESS_METRICS = [
  'osMemoryHeap',
  'processStartTime',
  'heapSizeAndUsed',
  'eventLoopLag',
  'processOpenFileDescriptors',
  'processMaxFileDescriptors',
  'version',
];

/** The process metrics above, plus process_cpu_seconds_total, on `registry`. */
export function collectProcessMetrics(registry: Prom.Registry): void {
  for (const name of PROCESS_METRICS) (lib(`metrics/${name}`) as (r: Prom.Registry, c: object) => void)(registry, {});
  let last = process.cpuUsage();
  new Counter({
    name: 'process_cpu_seconds_total',
    help: 'Total user and system CPU time spent in seconds.',
    registers: [registry],
    collect() {
      const now = process.cpuUsage();
      this.inc((now.user - last.user + now.system - last.system) / 1e6);
      last = now;
    },
  });
}
