// A loopback proxy in front of DynamoDB Local that answers some requests as a throttled or contended
// DynamoDB does (its error bodies: https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/CommonErrors.html),
// so the real SDK meets them: its retries, its errors. Every other request goes through unchanged.
// A test arms it for the next N requests of an operation whose body holds a marker.

import { createServer, request as forward } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What a request meets: a throttled table or account (the SDK retries both), or a transaction
 * cancelled by throttling or by another transaction on the same items (the SDK retries neither).
 */
export type DynamoFault = 'ProvisionedThroughputExceededException' | 'ThrottlingException' | 'ThrottlingError' | 'TransactionConflict';

const MESSAGES: Record<DynamoFault, string> = {
  ProvisionedThroughputExceededException: 'The level of configured provisioned throughput for the table was exceeded.',
  ThrottlingException: 'Rate of requests exceeds the allowed throughput.',
  ThrottlingError: 'Throughput exceeds the current capacity of your table or index.',
  TransactionConflict: 'Transaction is ongoing for the item',
};

function faultBody(fault: DynamoFault, requestBody: string): object {
  if (fault === 'ProvisionedThroughputExceededException' || fault === 'ThrottlingException')
    return { __type: `com.amazonaws.dynamodb.v20120810#${fault}`, message: MESSAGES[fault] };
  // One reason per item, in order: the first item's is the fault, the others' None.
  const items = (JSON.parse(requestBody) as { TransactItems?: unknown[] }).TransactItems ?? [];
  const reasons = items.map((_, index) => (index === 0 ? { Code: fault, Message: MESSAGES[fault] } : { Code: 'None' }));
  return {
    __type: 'com.amazonaws.dynamodb.v20120810#TransactionCanceledException',
    Message: `Transaction cancelled, please refer cancellation reasons for specific reasons [${reasons.map((r) => r.Code).join(', ')}]`,
    CancellationReasons: reasons,
  };
}

interface Armed {
  fault: DynamoFault;
  operation: string;
  marker: string;
  left: number;
  met: number;
}

export async function startDynamoFaultProxy(upstream: string) {
  const target = new URL(upstream);
  let armed: Armed | undefined;
  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
      // X-Amz-Target: DynamoDB_20120810.<Operation>
      const operation = String(incoming.headers['x-amz-target'] ?? '').split('.')[1];
      if (armed && armed.left > 0 && operation === armed.operation && body.includes(armed.marker)) {
        armed.left--;
        armed.met++;
        response
          .writeHead(400, { 'content-type': 'application/x-amz-json-1.0', 'x-amzn-requestid': `fault-${armed.met}` })
          .end(JSON.stringify(faultBody(armed.fault, body.toString('utf8'))));
        return;
      }
      const upstreamRequest = forward(
        { host: target.hostname, port: target.port, method: incoming.method, path: incoming.url, headers: incoming.headers },
        (answer) => {
          response.writeHead(answer.statusCode ?? 500, answer.headers);
          answer.pipe(response);
        },
      );
      upstreamRequest.on('error', (error) => response.destroy(error));
      upstreamRequest.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /**
     * The next `times` requests (every one by default) of `operation` (e.g. `TransactWriteItems`) whose
     * JSON body contains `marker` (e.g. an item's type) meet `fault`; the others go through.
     */
    inject(fault: DynamoFault, { operation, marker, times = Infinity }: { operation: string; marker: string; times?: number }) {
      armed = { fault, operation, marker, left: times, met: 0 };
    },
    /** How many requests met the fault since it was injected. */
    met: () => armed?.met ?? 0,
    recover() {
      armed = undefined;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export type DynamoFaultProxy = Awaited<ReturnType<typeof startDynamoFaultProxy>>;
