import { createServer, request as httpRequest } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

export interface TestProxy {
  url: string;
  /** Tunnels opened (CONNECT) and plain requests forwarded. */
  connects: string[];
  forwards: string[];
  close(): Promise<void>;
}

/**
 * A small real HTTP proxy: CONNECT tunnels and absolute-URI forwarding. With `credentials`
 * ("user:password") it answers 407 to requests without them.
 */
export async function startTestProxy(credentials?: string): Promise<TestProxy> {
  const connects: string[] = [];
  const forwards: string[] = [];
  const sockets = new Set<Socket>();
  const expected = credentials ? `Basic ${Buffer.from(credentials).toString('base64')}` : undefined;
  const server = createServer((req, res) => {
    if (expected && req.headers['proxy-authorization'] !== expected) return void res.writeHead(407).end();
    forwards.push(req.url ?? '');
    const target = new URL(req.url ?? '');
    const upstream = httpRequest(target, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('connect', (req, client: Socket, head) => {
    if (expected && req.headers['proxy-authorization'] !== expected) {
      return void client.end('HTTP/1.1 407 Proxy Authentication Required\r\n\r\n');
    }
    connects.push(req.url ?? '');
    const [host, port] = (req.url ?? '').split(':');
    const upstream = connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    connects,
    forwards,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
