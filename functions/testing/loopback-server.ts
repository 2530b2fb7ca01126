// A loopback HTTP server for a test's fake of a vendor's API: each request's body is read whole and
// recorded, and the test's answer sent as JSON, or none at all (a service that does not answer).

import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoopbackRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A JSON answer, or `NO_ANSWER`: the connection stays open until the client gives up or the server closes. */
export type LoopbackAnswer = { status: number; json: unknown; headers?: Record<string, string> } | typeof NO_ANSWER;
export const NO_ANSWER = 'no answer';

export interface Loopback {
  /** `http://127.0.0.1:<port>` */
  url: string;
  port: number;
  /** Every request received, in order. */
  requests: LoopbackRequest[];
  close(): Promise<void>;
}

export async function startLoopback(answer: (request: LoopbackRequest) => LoopbackAnswer): Promise<Loopback> {
  const requests: LoopbackRequest[] = [];
  const server = createServer((incoming, response) => {
    let body = '';
    incoming.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    incoming.on('end', () => {
      const request = {
        method: incoming.method ?? '',
        path: new URL(incoming.url ?? '/', 'http://fake').pathname,
        headers: incoming.headers,
        body,
      };
      requests.push(request);
      const answered = answer(request);
      if (answered === NO_ANSWER) return;
      response.writeHead(answered.status, { 'content-type': 'application/json', ...answered.headers }).end(JSON.stringify(answered.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // The requests left unanswered keep their connections: closing them lets the server stop.
        server.closeAllConnections();
      }),
  };
}
