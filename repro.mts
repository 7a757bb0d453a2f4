import { startHttpEndpoint } from './src/transport/http.ts';
import { Registry } from './src/bot/dispatch.ts';
import { commands } from './commands/index.ts';
import { openStore } from './src/store/store.ts';
import { createLogger } from './src/log.ts';
import { makeSigner, commandInteraction, postInteraction } from './test/helpers/signed.ts';
const signer = makeSigner();
const store = await openStore('memory://');
const endpoint = await startHttpEndpoint({ registry: new Registry(commands), services: { store, logger: createLogger('warn', 2) }, publicKey: signer.publicHex, port: 0, host: '127.0.0.1', admission: { perMinute: 1e6, burst: 1e6, userMaxInFlight: 100, maxInFlight: 1000 } });
let conns = 0;
endpoint.server.on('connection', (s) => { conns++; s.on('close', () => conns--); });
let errors = 0;
const t0 = Date.now();
const worker = async (w: number) => {
  for (let i = 0; i < 400; i++) {
    const body = commandInteraction('help', [], { userId: '1400000000000000101' });
    try { const r = await postInteraction(endpoint.port, body, signer); if (r.status !== 200) console.log('status', r.status, r.json); }
    catch (e) { errors++; console.log('ERR', w, i, Date.now() - t0, conns, (e as any).cause?.code); }
  }
};
const iv = setInterval(() => console.log('conns', conns, Date.now() - t0), 1000);
await Promise.all(Array.from({ length: 6 }, (_, w) => worker(w)));
clearInterval(iv);
console.log('errors', errors, 'ms', Date.now() - t0);
await endpoint.close();
