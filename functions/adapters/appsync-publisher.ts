// Publishes a server event on AWS: a GraphQL request for the event's IAM-only mutation (resolved by
// a NONE data source, so AppSync only relays it to the subscriptions), signed with SigV4 by the
// Lambda's own role, which may call those mutation fields and nothing else (infra/aws/lambdas.ts).

import { Sha256 } from '@aws-crypto/sha256-js';
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { SignatureV4 } from '@smithy/signature-v4';
import type { AwsCredentialIdentityProvider } from '@smithy/types';
import { SERVER_EVENTS, type ServerEvent } from '../domain/events';
import type { Publisher } from './publisher';

export interface AppSyncPublisherOptions {
  /** https://<api>.appsync-api.<region>.amazonaws.com/graphql */
  graphqlUrl: string;
  region: string;
  credentials?: AwsCredentialIdentityProvider;
}

export function appSyncPublisher({ graphqlUrl, region, credentials = defaultProvider() }: AppSyncPublisherOptions): Publisher {
  const url = new URL(graphqlUrl);
  const signer = new SignatureV4({ service: 'appsync', region, credentials, sha256: Sha256 });
  return {
    async publish(event: ServerEvent) {
      const { mutation, selection } = SERVER_EVENTS[event.name];
      const body = JSON.stringify({
        query: `mutation Publish($data: AWSJSON!) { ${mutation}(data: $data) { ${selection} } }`,
        variables: { data: JSON.stringify(event.data) },
      });
      const signed = await signer.sign({
        method: 'POST',
        protocol: url.protocol,
        hostname: url.hostname,
        ...(url.port ? { port: Number(url.port) } : {}),
        path: url.pathname,
        query: {},
        headers: { host: url.host, 'content-type': 'application/json' },
        body,
      });
      const response = await fetch(url, { method: 'POST', headers: signed.headers, body });
      const result = (await response.json().catch(() => null)) as { errors?: { message?: string }[] } | null;
      if (!response.ok || !result || result.errors?.length) {
        const reason = result?.errors?.map((error) => error.message).join('; ') ?? `HTTP ${response.status}`;
        throw new Error(`Publishing ${event.name} failed: ${reason}`);
      }
    },
  };
}
