import { SendEmailCommand, type SESv2Client } from '@aws-sdk/client-sesv2';
import { listUnsubscribeHeaders, type Mailer } from './mailer';

/**
 * How long an SES call may take. The SDK's defaults never give up on a call SES leaves unanswered, and
 * it retries a timeout, a 5xx or a throttling (3 attempts): so a hung SES fails the send within the
 * Lambda's 10 s, and the caller says so (a resolver's SERVICE_BUSY, a job's retry).
 */
export const SES_REQUEST_HANDLER = { connectionTimeout: 1000, requestTimeout: 2000, throwOnRequestTimeout: true } as const;

export function sesMailer(client: SESv2Client, from: string): Mailer {
  return {
    async send({ to, subject, text, html, replyTo, ...message }) {
      const headers = Object.entries(listUnsubscribeHeaders(message)).map(([Name, Value]) => ({ Name, Value }));
      await client.send(
        new SendEmailCommand({
          FromEmailAddress: from,
          Destination: { ToAddresses: [to] },
          ...(replyTo && { ReplyToAddresses: [replyTo] }),
          Content: {
            Simple: {
              Subject: { Data: subject, Charset: 'UTF-8' },
              // SES sends both as multipart/alternative: clients that show no HTML read the text.
              Body: { Html: { Data: html, Charset: 'UTF-8' }, Text: { Data: text, Charset: 'UTF-8' } },
              ...(headers.length > 0 && { Headers: headers }),
            },
          },
        }),
      );
    },
  };
}
