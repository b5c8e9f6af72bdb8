// A local HTTPS server standing in for a host of the internet (github.com) that the browser
// reaches by Chromium's `--host-resolver-rules`, with a self-signed certificate made by openssl
// for the run: the browser must be launched with `ignoreHTTPSErrors`.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { tempFolder } from '../../support/tempFolder';

export interface HttpsStandIn {
  port: number;
  /** Chromium flags that send the browser's requests for `host` here (launch it with `ignoreHTTPSErrors` too). */
  browserArgs: string[];
  /** "METHOD path status" of every request answered, in order. */
  requests: string[];
  close(): Promise<void>;
}

function selfSignedCertificate(host: string): { key: Buffer; cert: Buffer } {
  const dir = tempFolder('docsjson-https-');
  const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
  const made = spawnSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', `/CN=${host}`, '-addext', `subjectAltName=DNS:${host}`, '-keyout', key, '-out', cert],
    { encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`openssl could not make a certificate for ${host} (${made.error ?? `exit ${made.status}`}): ${made.stderr}`);
  return { key: readFileSync(key), cert: readFileSync(cert) };
}

/** Starts the stand-in for `host` on a free port of 127.0.0.1; `handle` answers each request. */
export async function startHttpsStandIn(host: string, handle: (request: IncomingMessage, response: ServerResponse) => void): Promise<HttpsStandIn> {
  const requests: string[] = [];
  const server: Server = createServer(selfSignedCertificate(host), (request, response) => {
    response.on('finish', () => requests.push(`${request.method} ${request.url} ${response.statusCode}`));
    handle(request, response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const port = (server.address() as { port: number }).port;
  return {
    port,
    browserArgs: [`--host-resolver-rules=MAP ${host} 127.0.0.1:${port}`],
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
