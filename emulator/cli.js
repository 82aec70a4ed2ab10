// @ts-check
// Runs the emulator as its own process (demo, benchmarks):
//   node emulator/cli.js [--port N] [--api-key K] [--scenario path.json] [--tls-cert cert.pem --tls-key key.pem] [--quiet]
// Prints one JSON line {"url","apiKey"} on stdout once listening, so a parent process can read it.
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { parseScenario } from './scenario.js';
import { startEmulator } from './server.js';

const USAGE =
  'usage: node emulator/cli.js [--port N] [--api-key K] [--scenario path.json] [--tls-cert cert.pem --tls-key key.pem] [--quiet]';

/**
 * @param {string} message
 * @returns {never}
 */
function fail(message) {
  process.stderr.write(`emulator: ${message}\n${USAGE}\n`);
  process.exit(2);
}

/** @type {{port?: string, 'api-key'?: string, scenario?: string, 'tls-cert'?: string, 'tls-key'?: string, quiet?: boolean}} */
let args;
try {
  args = parseArgs({
    options: {
      port: { type: 'string' },
      'api-key': { type: 'string' },
      scenario: { type: 'string' },
      'tls-cert': { type: 'string' },
      'tls-key': { type: 'string' },
      quiet: { type: 'boolean' },
    },
  }).values;
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}

const port = args.port === undefined ? 0 : Number(args.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`invalid --port ${JSON.stringify(args.port)}`);

let scenario;
if (args.scenario !== undefined) {
  try {
    scenario = parseScenario(JSON.parse(await readFile(args.scenario, 'utf8')));
  } catch (error) {
    fail(`cannot use scenario ${args.scenario}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** @type {{cert: Buffer, key: Buffer} | undefined} */
let tls;
if ((args['tls-cert'] === undefined) !== (args['tls-key'] === undefined)) fail('give --tls-cert and --tls-key together');
if (args['tls-cert'] !== undefined && args['tls-key'] !== undefined) {
  try {
    tls = { cert: await readFile(args['tls-cert']), key: await readFile(args['tls-key']) };
  } catch (error) {
    fail(`cannot read the TLS certificate or key: ${error instanceof Error ? error.message : String(error)}`);
  }
}

const emulator = await startEmulator({
  port,
  ...(args['api-key'] === undefined ? {} : { apiKey: args['api-key'] }),
  ...(scenario === undefined ? {} : { scenario }),
  ...(tls === undefined ? {} : { tls }),
  ...(args.quiet
    ? {}
    : {
        onResponse: (entry) => {
          const fault = entry.fault === undefined ? '' : ` (fault: ${entry.fault})`;
          process.stderr.write(`${entry.method} ${entry.path} → ${entry.response}${fault}\n`);
        },
      }),
});
process.stdout.write(`${JSON.stringify({ url: emulator.url, apiKey: emulator.apiKey })}\n`);

const stop = () => {
  void emulator.close().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
