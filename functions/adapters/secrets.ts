// Secrets of the functions, read once per container: the key that signs access tokens (JWT_SECRET on
// the local host, the Secrets Manager secret JWT_SECRET_ARN in AWS), and in AWS the value CloudFront
// adds to every request it forwards to the HTTP API (ORIGIN_VERIFY_SECRET_ARN; see shared/http.ts).

import { chosenOnce } from './chosen-once';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

// A failed read (throttling, network) is retried by the next call (chosenOnce).
export const jwtSecret: () => Promise<Uint8Array> = chosenOnce(() => loadJwtSecret(process.env, new SecretsManagerClient({})));

export async function loadJwtSecret(env: NodeJS.ProcessEnv, client: SecretsManagerClient): Promise<Uint8Array> {
  if (env.JWT_SECRET) return new TextEncoder().encode(env.JWT_SECRET);
  if (!env.JWT_SECRET_ARN) throw new Error('Set JWT_SECRET or JWT_SECRET_ARN');
  const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: env.JWT_SECRET_ARN }));
  if (!SecretString) throw new Error(`Secret ${env.JWT_SECRET_ARN} has no SecretString`);
  return new TextEncoder().encode(SecretString);
}

let originVerify: Promise<string> | undefined;

/** The origin-verify value CloudFront sends to the HTTP API; null where no CDN stands in front (the local host). */
export function originVerifyValue(env: NodeJS.ProcessEnv = process.env): Promise<string> | null {
  if (!env.ORIGIN_VERIFY_SECRET_ARN) return null;
  originVerify ??= loadOriginVerifyValue(env.ORIGIN_VERIFY_SECRET_ARN, new SecretsManagerClient({})).catch((error: unknown) => {
    originVerify = undefined;
    throw error;
  });
  return originVerify;
}

export async function loadOriginVerifyValue(secretArn: string, client: SecretsManagerClient): Promise<string> {
  const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: secretArn }));
  if (!SecretString) throw new Error(`Secret ${secretArn} has no SecretString`);
  return SecretString;
}
