// A raw AppSync real-time client over `ws` (no vitest, no Amplify): what the integration tests use to
// watch the protocol message by message, and what the chat benchmark uses as one browser per user.

import { WebSocket } from 'ws';

export type RealtimeMessage = { type: string; id?: string; payload?: Record<string, unknown> };

/** A raw AppSync real-time client: records every message and waits for the ones a test expects. */
export class RealtimeClient {
  readonly messages: RealtimeMessage[] = [];
  private waiters: { match: (m: RealtimeMessage) => boolean; resolve: (m: RealtimeMessage) => void }[] = [];

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as RealtimeMessage;
      this.messages.push(message);
      this.waiters = this.waiters.filter((waiter) => !(waiter.match(message) && (waiter.resolve(message), true)));
    });
  }

  /** Opens /graphql/realtime with the connection authorization, if any, in the `header` query parameter. */
  static async connect(url: string, authorization: string | null, protocols: string[] = ['graphql-ws']): Promise<RealtimeClient> {
    const header = Buffer.from(JSON.stringify({ Authorization: authorization, host: new URL(url).host })).toString('base64');
    const query = authorization ? `?header=${encodeURIComponent(header)}&payload=e30=` : '';
    const socket = new WebSocket(`${url.replace('http', 'ws')}/graphql/realtime${query}`, protocols);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    return new RealtimeClient(socket);
  }

  send(message: Record<string, unknown>): void {
    this.socket.send(JSON.stringify(message));
  }

  // Generous: a message comes in milliseconds, but the 2 cores may be busy with a whole test run; only a
  // message that never comes should fail.
  next(match: (message: RealtimeMessage) => boolean, timeoutMs = 120_000): Promise<RealtimeMessage> {
    const seen = this.messages.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching message; got ${JSON.stringify(this.messages)}`)), timeoutMs);
      this.waiters.push({ match, resolve: (message) => (clearTimeout(timer), resolve(message)) });
    });
  }

  async init(): Promise<RealtimeMessage> {
    this.send({ type: 'connection_init' });
    return this.next((m) => m.type === 'connection_ack' || m.type === 'connection_error');
  }

  /** Sends `start` as Amplify does: the operation as a JSON string, the authorization in extensions. */
  async start(id: string, query: string, variables: Record<string, unknown>, authorization: string | null): Promise<RealtimeMessage> {
    this.send({
      id,
      type: 'start',
      payload: {
        data: JSON.stringify({ query, variables }),
        extensions: { authorization: authorization ? { Authorization: authorization, host: 'localhost' } : { host: 'localhost' } },
      },
    });
    return this.next((m) => m.id === id && (m.type === 'start_ack' || m.type === 'error'));
  }

  close(): void {
    this.socket.close();
  }
}
