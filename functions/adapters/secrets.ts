// The key that signs access tokens: JWT_SECRET on the local host, a Secrets Manager secret
// (JWT_SECRET_ARN, its SecretString) in AWS. Read once per container.

import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

let cached: Promise<Uint8Array> | undefined;

export function jwtSecret(): Promise<Uint8Array> {
  cached ??= loadJwtSecret(process.env, new SecretsManagerClient({})).catch((error: unknown) => {
    cached = undefined; // a failed read (throttling, network) is retried by the next call
    throw error;
  });
  return cached;
}

export async function loadJwtSecret(env: NodeJS.ProcessEnv, client: SecretsManagerClient): Promise<Uint8Array> {
  if (env.JWT_SECRET) return new TextEncoder().encode(env.JWT_SECRET);
  if (!env.JWT_SECRET_ARN) throw new Error('Set JWT_SECRET or JWT_SECRET_ARN');
  const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: env.JWT_SECRET_ARN }));
  if (!SecretString) throw new Error(`Secret ${env.JWT_SECRET_ARN} has no SecretString`);
  return new TextEncoder().encode(SecretString);
}
