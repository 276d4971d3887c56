// A webhook receiver for the process tests (server/cmd/pocket/webhooks_test.go):
// it verifies every delivery with the Standard Webhooks reference library
// (npm `standardwebhooks`) and appends what it accepted to a file, so that
// what it saw outlives the receiver itself (the tests stop it for an outage).
//
//   node tests/webhookreceiver/receiver.mjs PORT SECRET_FILE OUT_FILE
//
// SECRET_FILE holds the endpoint's secret (read on each delivery: the test
// writes it once the endpoint exists). Each accepted delivery is a line
// {"id", "type", "recordingId", "verified": true}; one that fails to verify is
// answered 401 and written with "verified": false.
import { appendFileSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { Webhook } from 'standardwebhooks';

const [port, secretFile, outFile] = process.argv.slice(2);

function record(line) {
  appendFileSync(outFile, JSON.stringify(line) + '\n');
}

function handle(req, res, body) {
  if (req.method === 'GET') {
    res.writeHead(200).end('ready');
    return;
  }
  const secret = readFileSync(secretFile, 'utf8').trim();
  const headers = {
    'webhook-id': req.headers['webhook-id'] ?? '',
    'webhook-timestamp': req.headers['webhook-timestamp'] ?? '',
    'webhook-signature': req.headers['webhook-signature'] ?? '',
  };
  try {
    const event = new Webhook(secret).verify(body, headers);
    record({ id: headers['webhook-id'], type: event.type, recordingId: event.data.recordingId, verified: true });
    res.writeHead(204).end();
  } catch (err) {
    record({ id: headers['webhook-id'], verified: false, error: String(err) });
    res.writeHead(401).end('signature does not verify');
  }
}

createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')));
}).listen(Number(port), '127.0.0.1');
