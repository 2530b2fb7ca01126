import { describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { loadJwtSecret } from './secrets';

const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('JWT secret', () => {
  it('comes from JWT_SECRET when set, without calling Secrets Manager', async () => {
    const sm = mockClient(SecretsManagerClient);
    expect(decode(await loadJwtSecret({ JWT_SECRET: 'local-secret' }, new SecretsManagerClient({})))).toBe('local-secret');
    expect(sm.calls()).toHaveLength(0);
    sm.restore();
  });

  it('comes from the Secrets Manager secret JWT_SECRET_ARN otherwise', async () => {
    const sm = mockClient(SecretsManagerClient);
    sm.on(GetSecretValueCommand, { SecretId: 'arn:jwt' }).resolves({ SecretString: 'aws-secret' });
    expect(decode(await loadJwtSecret({ JWT_SECRET_ARN: 'arn:jwt' }, new SecretsManagerClient({ region: 'ca-central-1' })))).toBe(
      'aws-secret',
    );
    sm.restore();
  });

  it('fails clearly when neither is configured', async () => {
    await expect(loadJwtSecret({}, new SecretsManagerClient({}))).rejects.toThrow('Set JWT_SECRET or JWT_SECRET_ARN');
  });
});
