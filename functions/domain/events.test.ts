import { readFileSync } from 'node:fs';
import { buildSchema, getNamedType, isObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { APPSYNC_PRELUDE_PATH, SCHEMA_PATH } from '@partage/graphql/schema';
import { SERVER_EVENTS } from './events';

const schema = buildSchema(`${readFileSync(APPSYNC_PRELUDE_PATH, 'utf8')}\n${readFileSync(SCHEMA_PATH, 'utf8')}`);

describe('server events', () => {
  it('each travel through an IAM-only mutation that selects every field a subscriber may ask for', () => {
    for (const [name, { mutation, selection }] of Object.entries(SERVER_EVENTS)) {
      const field = schema.getMutationType()?.getFields()[mutation];
      expect(field, `${name}: Mutation.${mutation}`).toBeDefined();
      const directives = field!.astNode?.directives?.map((d) => d.name.value);
      expect(directives, `${mutation} is IAM only`).toEqual(['aws_iam']);
      const type = getNamedType(field!.type);
      expect(isObjectType(type) && type.astNode?.directives?.map((d) => d.name.value)).toEqual(
        expect.arrayContaining(['aws_iam', 'aws_lambda']),
      );
      if (!isObjectType(type)) continue;
      expect(selection.split(/\s+/).sort(), `${mutation} selects all of ${type.name}`).toEqual(Object.keys(type.getFields()).sort());
      const subscribers = Object.values(schema.getSubscriptionType()?.getFields() ?? {}).filter((subscription) =>
        subscription.astNode?.directives?.some(
          (d) => d.name.value === 'aws_subscribe' && JSON.stringify(d.arguments).includes(`"${mutation}"`),
        ),
      );
      expect(subscribers.length, `a subscription listens to ${mutation}`).toBeGreaterThan(0);
    }
  });
});
