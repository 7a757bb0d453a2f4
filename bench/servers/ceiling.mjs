// The practical ceiling of an interactions endpoint on this machine: a bare node:http server that
// reads the body, verifies the Ed25519 signature exactly as the bot does, and returns a fixed
// reply. The HTTP bench compares the bot with it. Prints its port on stdout.
import { createPublicKey, verify } from 'node:crypto';
import { createServer } from 'node:http';

const key = createPublicKey({
  key: Buffer.concat([
    Buffer.from('302a300506032b6570032100', 'hex'),
    Buffer.from(process.env.DISCORD_PUBLIC_KEY, 'hex'),
  ]),
  format: 'der',
  type: 'spki',
});
const reply = Buffer.from(JSON.stringify({ type: 4, data: { content: 'ok', flags: 0 } }));

const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const sig = req.headers['x-signature-ed25519'];
    const ts = req.headers['x-signature-timestamp'];
    const ok =
      typeof sig === 'string' &&
      typeof ts === 'string' &&
      verify(null, Buffer.concat([Buffer.from(ts), ...chunks]), key, Buffer.from(sig, 'hex'));
    if (!ok) return res.writeHead(401).end();
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': reply.length }).end(reply);
  });
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
