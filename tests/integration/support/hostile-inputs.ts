// Hostile inputs for any GraphQL argument, built from the schema: a plausible input of the field's
// argument types, with one part replaced by an input of a named hostile class. Reading the schema
// means every capability to come is covered as soon as its fields exist.

import fc from 'fast-check';
import {
  getNamedType,
  isEnumType,
  isLeafType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
} from 'graphql';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The classes of hostile input the suite tries; the report counts answers per class. */
export const HOSTILE_CLASSES = [
  'huge string',
  'huge key-like string',
  'control characters',
  'bidirectional override',
  'lone surrogate',
  'markup',
  'emoji and combining marks',
  'blank or whitespace',
  'enormous number',
  'wrong type',
  'missing required field',
  'null for a required field',
  'huge list',
  'unknown enum value',
] as const;
export type HostileClass = (typeof HOSTILE_CLASSES)[number];

/** Values the callers' own data supplies (their user id), so that a hostile part meets real code paths. */
export interface KnownValues {
  userId: string;
}

/**
 * A plausible value for a String field, by its name: what a form would send. Anything else gets
 * ordinary text; the server refusing it is a valid answer too.
 */
function plausibleText(name: string, known: KnownValues, seed: number): string {
  if (/email/i.test(name)) return `hostile-${seed}@exemple.ca`;
  if (/password/i.test(name)) return 'Valide-Passe-2026';
  if (/^(user)?id$/i.test(name)) return known.userId;
  if (/token/i.test(name)) return 'a'.repeat(43);
  if (/postalCode/.test(name)) return 'H2X 1Y4';
  if (/phone/i.test(name)) return '514-555-0199';
  if (/NEQ/.test(name)) return '1234567890';
  if (/returnPath/.test(name)) return '/annonces';
  if (/version/i.test(name)) return `2030-${String(seed % 1000).padStart(3, '0')}`;
  return `Texte ${seed}`;
}

function plausible(type: GraphQLInputType, name: string, known: KnownValues, seed: number): Json {
  if (isNonNullType(type)) return plausible(type.ofType, name, known, seed);
  if (isListType(type)) return [plausible(type.ofType, name, known, seed)];
  if (isEnumType(type)) return type.getValues()[seed % type.getValues().length]!.name;
  if (isInputObjectType(type)) {
    return Object.fromEntries(Object.values(type.getFields()).map((field) => [field.name, plausible(field.type, field.name, known, seed)]));
  }
  if (isScalarType(type)) {
    if (type.name === 'Boolean') return true;
    if (type.name === 'Int' || type.name === 'Float') return 10;
    return plausibleText(name, known, seed);
  }
  return null;
}

/** Where a hostile part can go: the path of every argument and input field, with its type. */
interface Slot {
  path: string[];
  type: GraphQLInputType;
}

function slots(type: GraphQLInputType, path: string[], depth = 0): Slot[] {
  const named = isNonNullType(type) ? type.ofType : type;
  const own: Slot = { path, type };
  if (isInputObjectType(named) && depth < 4) {
    return [own, ...Object.values(named.getFields()).flatMap((field) => slots(field.type, [...path, field.name], depth + 1))];
  }
  return [own];
}

const unwrap = (type: GraphQLInputType): GraphQLInputType => (isNonNullType(type) ? type.ofType : type);
const isStringLike = (type: GraphQLInputType) => {
  const named = unwrap(type);
  return isScalarType(named) && !['Boolean', 'Int', 'Float'].includes(named.name);
};

/** The slots a class applies to; null when the field has none (the class is then skipped). */
function slotsFor(hostile: HostileClass, all: Slot[]): Slot[] {
  switch (hostile) {
    case 'missing required field':
    case 'null for a required field':
      return all.filter((slot) => isNonNullType(slot.type));
    case 'huge list':
      return all.filter((slot) => isListType(unwrap(slot.type)));
    case 'unknown enum value':
      return all.filter((slot) => isEnumType(unwrap(slot.type)));
    case 'enormous number':
    case 'wrong type':
      return all;
    default:
      return all.filter((slot) => isStringLike(slot.type));
  }
}

/** The hostile value of a class (for the removal classes, the marker `undefined` = delete). */
function hostileValue(hostile: HostileClass, pick: number, type: GraphQLInputType): Json | undefined {
  const choose = <T>(values: T[]) => values[pick % values.length]!;
  switch (hostile) {
    case 'huge string':
      return 'a'.repeat(choose([501, 4_000, 100_000, 600_000]));
    case 'huge key-like string':
      return choose([
        `${'a'.repeat(3_000)}@exemple.ca`,
        `${'b'.repeat(64)}@${'c'.repeat(250)}.ca`,
        `/${'x'.repeat(3_000)}`,
        ' '.repeat(5_000),
      ]);
    case 'control characters':
      return choose(['Nom\u0000nul', 'Ligne\nsuivante', 'Tab\tulation', 'Cloche\u0007', 'C1\u0085', 'Efface\u007f']);
    case 'bidirectional override':
      return choose(['Facture\u202Efdp.exe', '\u2066isolé\u2069', 'marque\u200F', 'arabe\u061C']);
    case 'lone surrogate':
      return choose(['demi \ud83d', '\udc00 seul', 'fin\ud800']);
    case 'markup':
      return choose([
        '<script>alert(1)</script>',
        '"><img src=x onerror=alert(1)>',
        "'; DROP TABLE users; --",
        '{{constructor.constructor("x")()}}',
        '${7*7}',
      ]);
    case 'emoji and combining marks':
      return choose(['🍎'.repeat(120), 'e\u0301'.repeat(80), '👩‍👩‍👧‍👦 Cuisine', 'Z̷̢̛a̸l̶g̴o̵']);
    case 'blank or whitespace':
      return choose(['', ' ', '\u00a0\u2003', '   \t  ']);
    case 'enormous number':
      return choose([1e308, 2 ** 53 + 1, -(2 ** 31) - 1, 2 ** 31, 1e-320, -0]);
    case 'wrong type': {
      const named = unwrap(type);
      const stringy = isStringLike(type) || isEnumType(named);
      const wrong: Json[] = stringy ? [42, true, { a: 1 }, ['x']] : ['text', { a: 1 }, [1, 2]];
      return choose(wrong);
    }
    case 'missing required field':
      return undefined;
    case 'null for a required field':
      return null;
    case 'huge list':
      return Array.from({ length: choose([1_000, 20_000]) }, () => (isEnumType(unwrap(type)) ? 'VIEW_AD' : 'x'));
    case 'unknown enum value':
      return choose(['NOT_A_VALUE', 'admin', '', '__proto__']);
  }
}

function replaced(target: Json, path: string[], value: Json | undefined): Json {
  if (path.length === 0) return value === undefined ? null : value;
  const [head, ...rest] = path;
  const object = (typeof target === 'object' && target !== null && !Array.isArray(target) ? target : {}) as Record<string, Json>;
  const copy: Record<string, Json> = { ...object };
  if (rest.length === 0 && value === undefined) delete copy[head!];
  else copy[head!] = replaced(object[head!] ?? null, rest, value);
  return copy;
}

export interface HostileCall {
  hostile: HostileClass;
  /** Path of the hostile part, e.g. `input.firstName`. */
  at: string;
  variables: Record<string, Json>;
  /** The hostile string sent, when the class is one of text (to find it stored if accepted). */
  text?: string;
}

/** What one call draws: the class, which fitting slot, which hostile value, the plausible rest's seed. */
export interface HostileDraw {
  hostile: HostileClass;
  slot: number;
  pick: number;
  seed: number;
}

/** A call of a root field with one hostile part, as drawn; null when no slot fits the class. */
export function hostileCall(
  field: GraphQLField<unknown, unknown>,
  known: KnownValues,
  { hostile, slot, pick, seed }: HostileDraw,
): HostileCall | null {
  const args = field.args as readonly GraphQLArgument[];
  const fitting = slotsFor(
    hostile,
    args.flatMap((arg) => slots(arg.type, [arg.name])),
  );
  if (fitting.length === 0) return null;
  const target = fitting[slot % fitting.length]!;
  const base = Object.fromEntries(args.map((arg) => [arg.name, plausible(arg.type, arg.name, known, seed)])) as Record<string, Json>;
  const value = hostileValue(hostile, pick, target.type);
  const variables = replaced(base, target.path, value) as Record<string, Json>;
  return { hostile, at: target.path.join('.'), variables, ...(typeof value === 'string' ? { text: value } : {}) };
}

/** Calls of a root field with one hostile part each; null when no slot fits the class. */
export function hostileCalls(field: GraphQLField<unknown, unknown>, known: KnownValues): fc.Arbitrary<HostileCall | null> {
  return fc
    .record({ hostile: fc.constantFrom(...HOSTILE_CLASSES), slot: fc.nat(), pick: fc.nat(), seed: fc.nat({ max: 1_000_000 }) })
    .map((draw) => hostileCall(field, known, draw));
}

/** The operation that calls `field` with every argument as a variable of its own type. */
export function operationFor(kind: 'query' | 'mutation', field: GraphQLField<unknown, unknown>): string {
  const definitions = field.args.map((arg) => `$${arg.name}: ${String(arg.type)}`).join(', ');
  const call = field.args.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
  const selection = isLeafType(getNamedType(field.type)) ? '' : ' { __typename }';
  return `${kind} Hostile${definitions ? `(${definitions})` : ''} { ${field.name}${call ? `(${call})` : ''}${selection} }`;
}
