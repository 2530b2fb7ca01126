import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { SCHEMA_PATH } from '../src/schema';
import { generateInputShapes, generateJoinedSchema, generateTypes, GENERATED_INPUT_SHAPES_PATH, GENERATED_TYPES_PATH } from './codegen';

describe('joined schema', () => {
  it('schema.graphql is the parts joined (run `npm run codegen -w graphql`)', () => {
    expect(readFileSync(SCHEMA_PATH, 'utf8')).toBe(generateJoinedSchema());
  });

  it('folds the extensions into the root types and leaves the build-time directive out', () => {
    const sdl = generateJoinedSchema();
    expect(sdl).toMatch(/^# GENERATED/);
    expect(sdl).not.toMatch(/extend type|fromParent/);
    expect(sdl).toMatch(/type Query \{\n {2}me: Me\n[\s\S]* {2}users\(search/);
    expect(sdl).toContain('@aws_subscribe(mutations: ["publishFirstLoginModalClosed"])');
  });
});

describe('generated types', () => {
  it('are up to date with schema.graphql (run `npm run codegen -w graphql`)', () => {
    expect(readFileSync(GENERATED_TYPES_PATH, 'utf8')).toBe(generateTypes());
    expect(readFileSync(GENERATED_INPUT_SHAPES_PATH, 'utf8')).toBe(generateInputShapes());
  });

  it('type root-field arguments, nullable fields as optional and shared enums from src/enums.ts', () => {
    const types = generateTypes();
    expect(types).toContain('export interface MutationChangePasswordArgs {\n  input: ChangePasswordInput;\n}');
    expect(types).toContain('  acceptedTos?: AcceptedTos | null;');
    expect(types).toContain("import type { UserType } from '../enums';");
  });

  it('type resolvers: parent, arguments and result of each field; a source leaves out fields resolved on their own', () => {
    const types = generateTypes();
    expect(types).toContain("  'Query.user': { parent: null; args: QueryUserArgs; result: UserDetailSource | null };");
    expect(types).toContain(
      "  'UserSummary.acceptedTos': { parent: UserSummarySource; args: Record<string, never>; result: AcceptedTosSource | null };",
    );
    expect(types).toMatch(/export interface UserSummarySource \{[^}]*organizationName\?: string \| null;\n\}/);
    expect(types).toContain('export interface UserPageSource {\n  items: Array<UserSummarySource>;');
    expect(types).not.toContain("'Me.profile'");
  });
});
