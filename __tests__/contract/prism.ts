/**
 * Stoplight Prism as a mock of the public API, on 127.0.0.1: it validates each request against the
 * OpenAPI excerpt and, with `--errors`, answers a violation with 4xx instead of a mocked success.
 * Prism needs Node >= 24, so it is not a devDependency: `scripts/prism.sh` installs the locked tree of
 * tools/prism into .cache/ and `scripts/node24.sh` provides the Node that runs it (both once).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

export const SPEC = resolve('__tests__/contract/mintlify-openapi.json');

/** The path a script prints on stdout (it installs what is missing first). */
function scriptOutput(script: string): string {
  const path = execFileSync('bash', [resolve(script)], {
    encoding: 'utf8',
    timeout: 300_000,
    stdio: ['ignore', 'pipe', 'pipe'],
  }).trim();
  if (path === '') throw new Error(`${script} printed nothing`);
  return path;
}

/** Prism's CLI and the Node 24 binary that runs it, or why they could not be obtained. */
export function findPrism(): { node: string; cli: string } | { reason: string } {
  try {
    return { node: scriptOutput('scripts/node24.sh'), cli: scriptOutput('scripts/prism.sh') };
  } catch (error) {
    return { reason: error instanceof Error ? (error.message.split('\n')[0] ?? error.message) : String(error) };
  }
}

export interface Prism {
  readonly url: string;
  /** Everything Prism printed so far. */
  log(): string;
  close(): Promise<void>;
}

export async function startPrism(tool: { node: string; cli: string }, port: number): Promise<Prism> {
  const child: ChildProcess = spawn(tool.node, [tool.cli, 'mock', '-h', '127.0.0.1', '-p', String(port), '--errors', SPEC], {
    stdio: ['ignore', 'pipe', 'pipe'],
    // Prism's dependency @scarf/scarf reports usage unless told not to.
    env: { ...process.env, SCARF_ANALYTICS: 'false', DO_NOT_TRACK: '1', FORCE_COLOR: '0', NO_COLOR: '1' },
  });
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));

  await new Promise<void>((ready, fail) => {
    const timer = setTimeout(() => fail(new Error(`prism did not start within 60s:\n${output}`)), 60_000);
    const check = setInterval(() => {
      if (output.includes('Prism is listening')) {
        clearTimeout(timer);
        clearInterval(check);
        ready();
      }
    }, 100);
    void exited.then(() => {
      clearTimeout(timer);
      clearInterval(check);
      fail(new Error(`prism exited before listening:\n${output}`));
    });
  });

  return {
    url: `http://127.0.0.1:${port}`,
    log: () => output,
    close: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Lines in which Prism reports a request that breaks the document. */
export function violations(log: string): string[] {
  return log.split('\n').filter((line) => /did not pass the validation rules|Violation:|Request terminated with error/.test(line));
}

/** `post /v2/agent/proj/job` for each request Prism received. */
export function receivedRequests(log: string): string[] {
  return [...log.matchAll(/\[HTTP SERVER\] (\w+) (\S+) .*Request received/g)].map((match) => `${match[1]} ${match[2]}`);
}
