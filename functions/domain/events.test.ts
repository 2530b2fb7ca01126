import { readFileSync } from 'node:fs';
import {
  buildSchema,
  getNamedType,
  isObjectType,
  parse,
  type GraphQLObjectType,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { APPSYNC_PRELUDE_PATH, SCHEMA_PATH } from '@partage/graphql/schema';
import { SERVER_EVENTS } from './events';

/** Each object type in a selection, at every level, with the fields selected of it and those it has. */
function coverage(type: GraphQLObjectType, set: SelectionSetNode): { type: string; selected: string[]; fields: string[] }[] {
  const fields = type.getFields();
  const selected = set.selections.flatMap((s) => (s.kind === 'Field' ? [s] : []));
  return [
    { type: type.name, selected: selected.map((s) => s.name.value).sort(), fields: Object.keys(fields).sort() },
    ...selected.flatMap((s) => {
      const named = fields[s.name.value] && getNamedType(fields[s.name.value]!.type);
      return s.selectionSet && named && isObjectType(named) ? coverage(named, s.selectionSet) : [];
    }),
  ];
}

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
      const operation = parse(`{ ${selection} }`).definitions[0] as OperationDefinitionNode;
      for (const level of coverage(type, operation.selectionSet)) {
        expect(level.selected, `${mutation} selects all of ${level.type}`).toEqual(level.fields);
      }
      const subscribers = Object.values(schema.getSubscriptionType()?.getFields() ?? {}).filter((subscription) =>
        subscription.astNode?.directives?.some(
          (d) => d.name.value === 'aws_subscribe' && JSON.stringify(d.arguments).includes(`"${mutation}"`),
        ),
      );
      expect(subscribers.length, `a subscription listens to ${mutation}`).toBeGreaterThan(0);
    }
  });
});
