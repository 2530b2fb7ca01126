// AppSync's real-time WebSocket protocol for GraphQL subscriptions, at /graphql/realtime
// (https://docs.aws.amazon.com/appsync/latest/devguide/real-time-websocket-client.html), as the
// aws-amplify v6 client speaks it: subprotocol `graphql-ws`; connection authorization in the
// `header` query parameter or, as Amplify sends it, a `header-<base64url JSON>` subprotocol;
// connection_init -> connection_ack + `ka`; start (authorized again from
// payload.extensions.authorization) -> start_ack; `data` for each event; stop -> complete.

import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { isDeepStrictEqual } from 'node:util';
import { GraphQLError } from 'graphql';
import { matchesSubscriptionFilter } from '@partage/functions/handlers/shared/subscription-filter';
import { WebSocketServer, type WebSocket } from 'ws';
import { GRAPHQL_LIMITS } from '../shared/graphql-limits';
import { authorize } from './appsync-authorizer';
import { limitExceededError, rateLimitedError, unauthorizedError, validationError, type AppSyncError } from './appsync-errors';
import { executeOperation, subscriptionEventData, type SubscribedField } from './appsync-execution';
import { isRecord, parseGraphQLRequest, prepareOperation, type PreparedOperation } from './appsync-operation';
import type { AppSyncSchema } from './appsync-schema';
import { flatHeaders, newTraceHeader } from './http-io';
import type { LambdaFunctions } from './lambda-functions';
import { createRateLimiter, type RateLimit } from './rate-limiter';

export const REALTIME_PATH = '/graphql/realtime';
const SUBPROTOCOL = 'graphql-ws';
const HEADER_SUBPROTOCOL_PREFIX = 'header-';
/** What AppSync announces in connection_ack: the client drops the socket after this long without `ka`. */
const CONNECTION_TIMEOUT_MS = 300_000;
const KEEP_ALIVE_MS = 60_000;

/**
 * The local endpoint's caps (issue 22, finding 4: 2,000 subscriptions on one socket and 200 sockets
 * from one address were accepted, each start running the authorizer). On AWS, AppSync applies its own
 * quotas (docs.aws.amazon.com/general/latest/gr/appsync.html): 100 subscriptions per connection, about
 * 2,000 connection requests a second and 10,000 inbound messages a second per account and region,
 * connections of 24 hours at most; and the WAF's rate-based rule counts the sockets' upgrades.
 * Locally one process serves one developer: a few tabs, each one socket.
 */
export const REALTIME_LIMITS = {
  /** Open sockets of one source address (refused with HTTP 429 past it). */
  socketsPerSource: 20,
  /** AppSync's own: subscriptions started (or being started) on one socket. */
  subscriptionsPerSocket: 100,
  /** Starts per source address: a page opening its subscriptions, not a script restarting them. */
  starts: { capacity: 20, refillPerSecond: 10 } satisfies RateLimit,
};
export type RealtimeLimits = typeof REALTIME_LIMITS;

interface Subscription extends SubscribedField {
  id: string;
  prepared: PreparedOperation;
}

interface Connection {
  socket: WebSocket;
  /** The decoded `header` of the connection request: `{ Authorization, host }`. */
  authorization: Record<string, unknown> | null;
  headers: Record<string, string>;
  /** The client's address, from the socket: resolvers' `x-forwarded-for`, a single hop (shared/resolver.ts sourceAddressOf). */
  sourceAddress: string;
  acknowledged: boolean;
  subscriptions: Map<string, Subscription>;
  /** The starts still being authorized, by id; a `stop` meanwhile removes its entry, and that start then never begins. */
  starting: Map<string, object>;
}

function headerValue(headers: Record<string, unknown> | null | undefined, name: string): string | undefined {
  const entry = Object.entries(headers ?? {}).find(([key]) => key.toLowerCase() === name);
  return typeof entry?.[1] === 'string' ? entry[1] : undefined;
}

function offeredSubprotocols(request: IncomingMessage): string[] {
  return (request.headers['sec-websocket-protocol'] ?? '').split(',').map((protocol) => protocol.trim());
}

function connectionAuthorization(request: IncomingMessage): Record<string, unknown> | null {
  const encoded =
    new URL(request.url ?? '/', 'http://localhost').searchParams.get('header') ??
    offeredSubprotocols(request)
      .find((protocol) => protocol.startsWith(HEADER_SUBPROTOCOL_PREFIX))
      ?.slice(HEADER_SUBPROTOCOL_PREFIX.length);
  if (!encoded) return null;
  try {
    // Node's base64 decoder reads both the standard and the URL-safe alphabet, padded or not.
    const header: unknown = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8'));
    return isRecord(header) ? header : null;
  } catch {
    return null;
  }
}

/** AppSync's subscription filter: each argument given must equal the result's field of the same name. */
function matchesArguments(args: Record<string, unknown>, result: unknown): boolean {
  return Object.entries(args).every(([name, expected]) => {
    if (expected === null || expected === undefined) return true;
    const actual = isRecord(result) ? result[name] : undefined;
    if (actual === undefined || actual === null) return false;
    return typeof expected === 'object' ? isDeepStrictEqual(actual, expected) : String(actual) === String(expected);
  });
}

export interface AppSyncRealtimeOptions {
  api: AppSyncSchema;
  functions: LambdaFunctions;
  limits?: RealtimeLimits;
}

export function createAppSyncRealtime({ api, functions, limits = REALTIME_LIMITS }: AppSyncRealtimeOptions) {
  const admitStart = createRateLimiter(limits.starts);
  const socketsOf = (sourceAddress: string) => [...connections].filter((connection) => connection.sourceAddress === sourceAddress).length;
  const server = new WebSocketServer({
    noServer: true,
    // A message carries one operation: the same bound as a POST /graphql body (ws allows 100 MiB).
    maxPayload: GRAPHQL_LIMITS.bodyBytes,
    handleProtocols: (protocols) => (protocols.has(SUBPROTOCOL) ? SUBPROTOCOL : false),
  });
  const connections = new Set<Connection>();

  const send = (connection: Connection, message: Record<string, unknown>) => {
    if (connection.socket.readyState === connection.socket.OPEN) connection.socket.send(JSON.stringify(message));
  };
  const sendErrors = (connection: Connection, id: string | undefined, errors: AppSyncError[]) =>
    send(connection, { type: 'error', ...(id === undefined ? {} : { id }), payload: { errors } });
  // Over the socket, AppSync adds the HTTP status it would have answered.
  const unauthorized = (): AppSyncError => ({ ...unauthorizedError(), errorCode: 401 });

  async function connectionInit(connection: Connection): Promise<void> {
    const caller = await authorize(functions.authorizer, {
      token: headerValue(connection.authorization, 'authorization'),
      queryString: '',
      variables: {},
      headers: connection.headers,
    });
    if (!caller) {
      send(connection, { type: 'connection_error', payload: { errors: [unauthorized()] } });
      connection.socket.close(1000);
      return;
    }
    connection.acknowledged = true;
    send(connection, { type: 'connection_ack', payload: { connectionTimeoutMs: CONNECTION_TIMEOUT_MS } });
    send(connection, { type: 'ka' });
    const keepAlive = setInterval(() => send(connection, { type: 'ka' }), KEEP_ALIVE_MS);
    connection.socket.once('close', () => clearInterval(keepAlive));
  }

  async function start(connection: Connection, id: string, payload: Record<string, unknown>): Promise<void> {
    // Checked before the authorizer runs: a refused start costs nothing but this.
    const admission = admitStart(connection.sourceAddress);
    if (!admission.allowed) return sendErrors(connection, id, [rateLimitedError(admission.retryAfterSeconds)]);
    const open = new Set([...connection.subscriptions.keys(), ...connection.starting.keys()]);
    if (!open.has(id) && open.size >= limits.subscriptionsPerSocket) {
      return sendErrors(connection, id, [limitExceededError(`At most ${limits.subscriptionsPerSocket} subscriptions on one connection.`)]);
    }
    const attempt = {};
    connection.starting.set(id, attempt);
    try {
      await authorizeAndStart(connection, id, payload, attempt);
    } finally {
      if (connection.starting.get(id) === attempt) connection.starting.delete(id);
    }
  }

  async function authorizeAndStart(connection: Connection, id: string, payload: Record<string, unknown>, attempt: object): Promise<void> {
    const request = typeof payload.data === 'string' ? parseGraphQLRequest(payload.data) : null;
    if (!request) {
      const error = new GraphQLError('The start message payload must carry `data`: a JSON string with the query and its variables.');
      return sendErrors(connection, id, [validationError(error)]);
    }
    const authorization =
      isRecord(payload.extensions) && isRecord(payload.extensions.authorization) ? payload.extensions.authorization : {};
    const headers = {
      ...connection.headers,
      ...Object.fromEntries(Object.entries(authorization).map(([name, value]) => [name.toLowerCase(), String(value)])),
      // As on POST /graphql: the caller's address from the socket, whatever the client put in its headers,
      // and the subscription's own trace id.
      'x-forwarded-for': connection.sourceAddress,
      'x-amzn-trace-id': newTraceHeader(),
    };
    const caller = await authorize(functions.authorizer, {
      token: headerValue(authorization, 'authorization'),
      queryString: request.query,
      operationName: request.operationName ?? undefined,
      variables: request.variables ?? {},
      headers,
    });
    if (!caller) return sendErrors(connection, id, [unauthorized()]);

    const prepared = prepareOperation(api.schema, request);
    if ('errors' in prepared) return sendErrors(connection, id, prepared.errors);
    if (prepared.operation.operation !== 'subscription') {
      const error = new GraphQLError('Only subscriptions can be started on the real-time endpoint.', { nodes: prepared.operation });
      return sendErrors(connection, id, [validationError(error)]);
    }
    // The subscription field's resolver runs once now: it allows (with the filter its events must pass) or refuses (an error).
    const result = await executeOperation({
      schema: api.schema,
      resolvers: functions.resolvers,
      prepared,
      caller: { resolverContext: caller.resolverContext, headers },
    });
    if (result.errors) return sendErrors(connection, id, result.errors);
    if (!connections.has(connection) || connection.starting.get(id) !== attempt || !result.subscription) return;
    connection.subscriptions.set(id, { id, prepared, ...result.subscription });
    send(connection, { type: 'start_ack', id });
  }

  async function receive(connection: Connection, raw: string): Promise<void> {
    let message: unknown;
    try {
      message = JSON.parse(raw);
    } catch {
      message = null;
    }
    if (!isRecord(message))
      return sendErrors(connection, undefined, [{ errorType: 'MessageParseError', message: 'Unable to parse the message.' }]);
    const id = typeof message.id === 'string' ? message.id : undefined;
    switch (message.type) {
      case 'connection_init':
        return connectionInit(connection);
      case 'start':
        if (!connection.acknowledged || !id || !isRecord(message.payload)) {
          return sendErrors(connection, id, [
            { errorType: 'BadRequestException', message: 'A start message needs an id, a payload and an acknowledged connection.' },
          ]);
        }
        return start(connection, id, message.payload);
      case 'stop':
        if (id) {
          connection.subscriptions.delete(id);
          connection.starting.delete(id);
        }
        return send(connection, { type: 'complete', id });
      default:
        return sendErrors(connection, id, [
          { errorType: 'UnsupportedOperation', message: `Unsupported operation: ${String(message.type)}` },
        ]);
    }
  }

  async function deliver(mutationField: string, result: unknown): Promise<void> {
    const fields = api.subscriptionsByMutation.get(mutationField);
    if (!fields) return;
    for (const connection of connections) {
      for (const subscription of connection.subscriptions.values()) {
        if (!fields.includes(subscription.fieldName) || !matchesArguments(subscription.arguments, result)) continue;
        if (subscription.filter && !matchesSubscriptionFilter(subscription.filter, result)) continue;
        const payload = await subscriptionEventData(api.schema, subscription.prepared, subscription.fieldName, result);
        send(connection, { type: 'data', id: subscription.id, payload });
      }
    }
  }

  return {
    /** Takes over an HTTP upgrade request for REALTIME_PATH. */
    handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
      if (!offeredSubprotocols(request).includes(SUBPROTOCOL)) {
        socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
        return;
      }
      const sourceAddress = request.socket.remoteAddress ?? '127.0.0.1';
      if (socketsOf(sourceAddress) >= limits.socketsPerSource) {
        socket.end('HTTP/1.1 429 Too Many Requests\r\nConnection: close\r\n\r\n');
        return;
      }
      server.handleUpgrade(request, socket, head, (webSocket) => {
        const connection: Connection = {
          socket: webSocket,
          authorization: connectionAuthorization(request),
          headers: { ...flatHeaders(request.headers), 'x-forwarded-for': sourceAddress },
          sourceAddress,
          acknowledged: false,
          subscriptions: new Map(),
          starting: new Map(),
        };
        connections.add(connection);
        webSocket.on('message', (data) => {
          receive(connection, data.toString()).catch((error: unknown) => {
            console.error('[realtime] message failed', error);
            sendErrors(connection, undefined, [{ errorType: 'InternalFailure', message: 'An internal error occurred.' }]);
          });
        });
        webSocket.on('error', (error) => console.error('[realtime] socket error', error));
        webSocket.on('close', () => connections.delete(connection));
      });
    },

    /** Delivers a mutation field's result to its subscriptions: the local publish port's sink. */
    deliver,

    /** Delivers a successful mutation's result to the subscriptions it triggers. */
    publish(mutationField: string, result: unknown): void {
      deliver(mutationField, result).catch((error: unknown) => console.error('[realtime] delivery failed', error));
    },

    close(): void {
      for (const connection of connections) connection.socket.terminate();
      server.close();
    },
  };
}
