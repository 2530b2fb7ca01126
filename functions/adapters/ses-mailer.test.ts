import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { startSesFake, type SesFake } from '../testing/ses-fake';
import { SES_REQUEST_HANDLER, sesMailer } from './ses-mailer';

describe('SES mailer', () => {
  it('sends a UTF-8 e-mail, HTML with its plain-text alternative, from the configured address', async () => {
    const ses = mockClient(SESv2Client);
    ses.on(SendEmailCommand).resolves({ MessageId: 'm-1' });
    await sesMailer(new SESv2Client({ region: 'ca-central-1' }), 'Partage <noreply@exemple.ca>').send({
      to: 'admin@exemple.ca',
      subject: 'Votre code de connexion : 123456',
      text: 'Bonjour Sophie,',
      html: '<p>Bonjour Sophie,</p>',
    });
    expect(ses.commandCalls(SendEmailCommand).map((call) => call.args[0].input)).toEqual([
      {
        FromEmailAddress: 'Partage <noreply@exemple.ca>',
        Destination: { ToAddresses: ['admin@exemple.ca'] },
        Content: {
          Simple: {
            Subject: { Data: 'Votre code de connexion : 123456', Charset: 'UTF-8' },
            Body: { Html: { Data: '<p>Bonjour Sophie,</p>', Charset: 'UTF-8' }, Text: { Data: 'Bonjour Sophie,', Charset: 'UTF-8' } },
          },
        },
      },
    ]);
    ses.restore();
  });

  it('sends the one-click unsubscribe headers of RFC 8058 when the message has a URL', async () => {
    const ses = mockClient(SESv2Client);
    ses.on(SendEmailCommand).resolves({ MessageId: 'm-2' });
    const url = 'https://partage.exemple/alerts/unsubscribe?id=a-1&token=t';
    await sesMailer(new SESv2Client({ region: 'ca-central-1' }), 'noreply@exemple.ca').send({
      to: 'a@exemple.ca',
      subject: 's',
      text: 't',
      html: '<p>t</p>',
      listUnsubscribeUrl: url,
    });
    expect(ses.commandCalls(SendEmailCommand)[0]!.args[0].input.Content?.Simple?.Headers).toEqual([
      { Name: 'List-Unsubscribe', Value: `<${url}>` },
      { Name: 'List-Unsubscribe-Post', Value: 'List-Unsubscribe=One-Click' },
    ]);
    ses.restore();
  });

  it('sets Reply-To when the message names one (the contact form: answers go to the sender)', async () => {
    const ses = mockClient(SESv2Client);
    ses.on(SendEmailCommand).resolves({ MessageId: 'm-3' });
    const mailer = sesMailer(new SESv2Client({ region: 'ca-central-1' }), 'noreply@exemple.ca');
    await mailer.send({ to: 'equipe@exemple.ca', subject: 's', text: 't', html: '<p>t</p>', replyTo: 'luc@exemple.ca' });
    await mailer.send({ to: 'equipe@exemple.ca', subject: 's', text: 't', html: '<p>t</p>' });
    const [withReplyTo, without] = ses.commandCalls(SendEmailCommand).map((call) => call.args[0].input);
    expect(withReplyTo!.ReplyToAddresses).toEqual(['luc@exemple.ca']);
    expect(without!.ReplyToAddresses).toBeUndefined();
    ses.restore();
  });

  it('lets an SES failure reach the caller', async () => {
    const ses = mockClient(SESv2Client);
    ses.on(SendEmailCommand).rejects(new Error('MessageRejected'));
    const send = sesMailer(new SESv2Client({ region: 'ca-central-1' }), 'noreply@exemple.ca').send({
      to: 'a@exemple.ca',
      subject: 's',
      text: 't',
      html: '<p>t</p>',
    });
    await expect(send).rejects.toThrow('MessageRejected');
    ses.restore();
  });
});

// The faults (docs/testing.md "Faults"): the real SDK against a loopback SES, with the Lambdas' client
// settings (a shorter request timeout: the fake that does not answer is waited for on each attempt).
describe('SES mailer when SES fails', () => {
  let ses: SesFake;
  beforeAll(async () => {
    ses = await startSesFake();
  });
  afterAll(() => ses.close());
  beforeEach(() => ses.recover());

  const message = { to: 'a@exemple.ca', subject: 'Nouveau message', text: 't', html: '<p>t</p>' };
  const mailer = (requestTimeout: number = SES_REQUEST_HANDLER.requestTimeout) =>
    sesMailer(
      new SESv2Client({
        region: 'ca-central-1',
        endpoint: ses.endpoint,
        credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
        requestHandler: { ...SES_REQUEST_HANDLER, requestTimeout },
      }),
      'noreply@exemple.ca',
    );

  it.each(['500', 'throttled'] as const)(
    'sends the e-mail, once, when SES answers %s to the first attempt (the SDK retries it)',
    async (outage) => {
      const before = { attempts: ses.attempts(), sent: ses.sent.length };
      ses.fail(outage, 1);
      await mailer().send(message);
      expect(ses.attempts() - before.attempts).toBe(2);
      expect(ses.sent.slice(before.sent)).toEqual([{ to: [message.to], subject: message.subject, text: message.text }]);
    },
  );

  it('fails the send with a server error once SES has answered 500 to all three attempts', async () => {
    const before = { attempts: ses.attempts(), sent: ses.sent.length };
    ses.fail('500');
    const error = await mailer()
      .send(message)
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'InternalFailure', $fault: 'server', $metadata: { httpStatusCode: 500 } });
    expect(ses.attempts() - before.attempts).toBe(3);
    expect(ses.sent).toHaveLength(before.sent);
  });

  it('gives up on an SES that does not answer, on each attempt once the request timeout has passed', async () => {
    const before = ses.attempts();
    ses.fail('no answer');
    await expect(mailer(200).send(message)).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(ses.attempts() - before).toBe(3);
  });
});
