import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHECKED_SCHEMA_PATH, generateCheckedSchema, generateGraphQLEnv, GRAPHQL_ENV_PATH } from './graphql-env';

describe('what gql.tada checks documents with', () => {
  it('is up to date with graphql/schema.graphql (run `npm run graphql-env -w web`)', () => {
    expect(readFileSync(GRAPHQL_ENV_PATH, 'utf8')).toBe(generateGraphQLEnv());
    expect(readFileSync(CHECKED_SCHEMA_PATH, 'utf8')).toBe(generateCheckedSchema());
  });

  it('knows the root fields and AppSync scalars the app uses', () => {
    expect(generateGraphQLEnv()).toContain('"name": "verifyToken"');
    expect(generateCheckedSchema()).toMatch(/^scalar AWSDateTime$/m);
  });
});
