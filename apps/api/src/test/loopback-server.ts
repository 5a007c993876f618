// A throwaway HTTP server on 127.0.0.1 and a random port, for tests of code that fetches URLs.
// Records every request so tests can assert what reached the server (and what never did).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
}

export type LoopbackHandler = (req: IncomingMessage, res: ServerResponse) => void;

export interface LoopbackServer {
  readonly port: number;
  /** `http://127.0.0.1:{port}{path}`. */
  url(path?: string): string;
  readonly requests: RecordedRequest[];
  /** Replaces the handler for a path (exact match on pathname). */
  route(path: string, handler: LoopbackHandler): void;
  close(): Promise<void>;
}

export async function startLoopbackServer(
  routes: Record<string, LoopbackHandler> = {},
): Promise<LoopbackServer> {
  const table = new Map(Object.entries(routes));
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    const pathname = new URL(req.url ?? '/', 'http://placeholder.invalid').pathname;
    const handler = table.get(pathname);
    if (handler) {
      handler(req, res);
    } else {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (path = '/') => `http://127.0.0.1:${port}${path}`,
    requests,
    route(path, handler) {
      table.set(path, handler);
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}
