import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { generateInputShapes, generateTypes, GENERATED_INPUT_SHAPES_PATH, GENERATED_TYPES_PATH } from './codegen';

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
});
