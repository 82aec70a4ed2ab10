/**
 * A small forward proxy on 127.0.0.1 for tests: it tunnels CONNECT requests and forwards
 * absolute-form requests (`GET http://host/path`), and records what passed through. `hosts` maps
 * names to addresses, so a test can send traffic for `api.github.test` (or `api.example.test:443`)
 * to a local server.
 */
import { createServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';

export interface ProxyLogEntry {
  /** `CONNECT`, or the method of a forwarded request. */
  readonly method: string;
  /** `host:port` for CONNECT, the absolute URL otherwise. */
  readonly target: string;
  readonly headers: IncomingHttpHeaders;
  /** CONNECT: the bytes the client sent into the tunnel (TLS records for an https target). */
  readonly tunnelled: Buffer[];
}

export interface ForwardProxy {
  readonly url: string;
  readonly port: number;
  readonly log: ProxyLogEntry[];
  close(): Promise<void>;
}

export interface ForwardProxyOptions {
  /**
   * Where to connect instead of asking DNS: `name` or `name:port` (tried first) → `address` or
   * `address:port` (the port asked for, when none is given).
   */
  readonly hosts?: Readonly<Record<string, string>>;
  /** Answer every CONNECT with this status instead of opening the tunnel (e.g. 407, 403). */
  readonly refuseConnectWith?: number;
}

function splitHostPort(target: string, defaultPort: number): { host: string; port: number } {
  const match = /^\[?([^\]]+?)\]?(?::(\d+))?$/.exec(target);
  return { host: match?.[1] ?? target, port: match?.[2] === undefined ? defaultPort : Number(match[2]) };
}

export async function startForwardProxy(options: ForwardProxyOptions = {}): Promise<ForwardProxy> {
  const log: ProxyLogEntry[] = [];
  const sockets = new Set<Socket>();
  const resolve = (host: string, port: number): { host: string; port: number } => {
    const name = host.toLowerCase();
    const mapped = options.hosts?.[`${name}:${port}`] ?? options.hosts?.[name];
    return mapped === undefined ? { host, port } : splitHostPort(mapped, port);
  };

  const server: Server = createServer((request, response) => {
    const target = request.url ?? '';
    log.push({ method: request.method ?? 'GET', target, headers: request.headers, tunnelled: [] });
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      // An origin-form request means the client took this for the server itself.
      response.writeHead(400, { 'content-type': 'text/plain' }).end('forward proxy: absolute-form request expected');
      return;
    }
    const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => !name.startsWith('proxy-')));
    const upstream = httpRequest(
      { ...resolve(url.hostname, Number(url.port || 80)), method: request.method, path: url.pathname + url.search, headers },
      (answer: IncomingMessage) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => (response.headersSent ? response.destroy() : response.writeHead(502).end()));
    request.pipe(upstream);
  });

  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  server.on('connect', (request: IncomingMessage, client: Socket, head: Buffer) => {
    const target = request.url ?? '';
    const entry: ProxyLogEntry = { method: 'CONNECT', target, headers: request.headers, tunnelled: [] };
    log.push(entry);
    client.on('error', () => client.destroy());
    if (options.refuseConnectWith !== undefined) {
      client.end(`HTTP/1.1 ${options.refuseConnectWith} Refused by test proxy\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    const requested = splitHostPort(target, 443);
    const { host, port } = resolve(requested.host, requested.port);
    const upstream = connect(port, host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) {
        entry.tunnelled.push(head);
        upstream.write(head);
      }
      client.on('data', (chunk: Buffer) => entry.tunnelled.push(chunk));
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => {
      if (client.writable && !client.destroyed) client.end('HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n');
    });
    client.on('close', () => upstream.destroy());
  });

  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (address === null || typeof address === 'string') reject(new Error('forward proxy: no TCP address'));
      else resolve(address.port);
    });
  });

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    log,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A loopback port that nothing listens on: connecting to it is refused, and a test server may take it. */
export async function unusedPort(): Promise<number> {
  const server = createServer();
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (address === null || typeof address === 'string') reject(new Error('no TCP address'));
      else resolve(address.port);
    });
  });
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
