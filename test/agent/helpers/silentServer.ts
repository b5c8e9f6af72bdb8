import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface SilentServer {
  url: string;
  /** Requests received (method and path). */
  received: string[];
  close(): Promise<void>;
}

/**
 * A server that accepts requests and, depending on `behaviour`, never answers, or sends headers
 * and then a body that never comes: for timeouts and cancellation.
 */
export async function startSilentServer(behaviour: 'no-headers' | 'no-body'): Promise<SilentServer> {
  const received: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    received.push(`${req.method} ${req.url}`);
    if (behaviour === 'no-body') {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'x-session-id': 'sess_silent' });
      res.flushHeaders();
    }
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
