// A loopback fake of SES's v2 API (SendEmail: POST /v2/email/outbound-emails), for the real SDK: it
// accepts messages as SES does, or fails as SES can (a 500, a throttling 429, no answer) for a number
// of requests a test sets. Point a client at it with `endpoint`, or a whole host with
// AWS_ENDPOINT_URL_SESV2 (the SDK reads it).

import { NO_ANSWER, startLoopback, type LoopbackAnswer } from './loopback-server';

/** How SES fails: `500` (InternalFailure), `throttled` (429 TooManyRequestsException), `no answer`. */
export type SesOutage = '500' | 'throttled' | 'no answer';

export interface SentEmail {
  to: string[];
  subject: string;
  text: string;
}

const FAILURES: Record<SesOutage, LoopbackAnswer> = {
  '500': { status: 500, json: { message: 'Internal Failure' }, headers: { 'x-amzn-errortype': 'InternalFailure' } },
  throttled: {
    status: 429,
    json: { message: 'Maximum sending rate exceeded.' },
    headers: { 'x-amzn-errortype': 'TooManyRequestsException' },
  },
  'no answer': NO_ANSWER,
};

export async function startSesFake() {
  const sent: SentEmail[] = [];
  let outage: { kind: SesOutage; left: number } | undefined;
  const loopback = await startLoopback((request) => {
    if (request.method !== 'POST' || request.path !== '/v2/email/outbound-emails')
      return { status: 404, json: { message: 'Not found' }, headers: { 'x-amzn-errortype': 'NotFoundException' } };
    if (outage && outage.left > 0) {
      outage.left--;
      return FAILURES[outage.kind];
    }
    const { Destination, Content } = JSON.parse(request.body) as {
      Destination: { ToAddresses: string[] };
      Content: { Simple: { Subject: { Data: string }; Body: { Text: { Data: string } } } };
    };
    sent.push({ to: Destination.ToAddresses, subject: Content.Simple.Subject.Data, text: Content.Simple.Body.Text.Data });
    return { status: 200, json: { MessageId: `m-${sent.length}` } };
  });
  return {
    endpoint: loopback.url,
    /** The messages SES accepted, in order. */
    sent,
    /** SendEmail requests received, accepted or not. */
    attempts: () => loopback.requests.length,
    /** The next `times` requests (all of them by default) fail as `kind` says. */
    fail(kind: SesOutage, times = Infinity) {
      outage = { kind, left: times };
    },
    recover() {
      outage = undefined;
    },
    close: () => loopback.close(),
  };
}

export type SesFake = Awaited<ReturnType<typeof startSesFake>>;
