// AppSync's built-in scalars, implemented for graphql-js with AppSync's rules
// (https://docs.aws.amazon.com/appsync/latest/devguide/scalars.html), so that a value AppSync
// would refuse is refused locally too, in arguments, variables and resolver results.

import { isIP } from 'node:net';
import { Kind, print, type GraphQLScalarType, type GraphQLSchema, type ValueNode } from 'graphql';

/** A value that is not valid for an AWS scalar; the local host reports it AppSync's way. */
export class AwsScalarError extends Error {
  constructor(scalar: string, value: unknown, verb: 'parse' | 'serialize') {
    super(`Unable to ${verb} \`${typeof value === 'string' ? value : JSON.stringify(value)}\` as a valid ${scalar}.`);
  }
}

const OFFSET = '(?:Z|[+-](?:[01]\\d|2[0-3]):[0-5]\\d(?::[0-5]\\d)?)';
const DATE = '(\\d{4})-(\\d{2})-(\\d{2})';
const TIME = '(?:[01]\\d|2[0-3]):[0-5]\\d(?::[0-5]\\d(?:\\.\\d+)?)?';
const DATE_PATTERN = new RegExp(`^${DATE}${OFFSET}?$`);
const TIME_PATTERN = new RegExp(`^${TIME}${OFFSET}?$`);
// AppSync requires the offset on a date-time, and accepts minutes without seconds.
const DATE_TIME_PATTERN = new RegExp(`^${DATE}T${TIME}${OFFSET}$`);

/** True when the value matches a pattern whose first three groups are a real calendar day. */
function isDatePattern(pattern: RegExp, value: string): boolean {
  const match = pattern.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function isUrl(value: string): boolean {
  // AppSync: a scheme is required and the path may not contain `//`.
  if (!/^[a-z][a-z\d+.-]*:/i.test(value) || !URL.canParse(value)) return false;
  return !new URL(value).pathname.includes('//');
}

function isIpAddress(value: string): boolean {
  const [address = '', prefix, ...rest] = value.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

interface AwsScalar {
  /** Whether an input string (or number, for AWSTimestamp) is valid. */
  accepts(value: unknown): boolean;
  /** What resolvers receive: AWSJSON arrives parsed, the others as given. */
  parse?(value: string): unknown;
  /** What clients receive from a resolver's value: AWSJSON is sent as a JSON string. */
  serialize?(value: unknown): unknown;
}

const isString = (test: (value: string) => boolean) => (value: unknown) => typeof value === 'string' && test(value);

const AWS_SCALARS: Record<string, AwsScalar> = {
  AWSDate: { accepts: isString((v) => isDatePattern(DATE_PATTERN, v)) },
  AWSTime: { accepts: isString((v) => TIME_PATTERN.test(v)) },
  AWSDateTime: { accepts: isString((v) => isDatePattern(DATE_TIME_PATTERN, v)) },
  AWSTimestamp: { accepts: (v) => typeof v === 'number' && Number.isSafeInteger(v) },
  AWSEmail: { accepts: isString((v) => /^[^\s@]+@[^\s@]+$/.test(v)) },
  AWSJSON: {
    accepts: isString((v) => {
      try {
        JSON.parse(v);
        return true;
      } catch {
        return false;
      }
    }),
    parse: (v) => JSON.parse(v),
    serialize: (v) => (typeof v === 'string' ? v : JSON.stringify(v)),
  },
  AWSURL: { accepts: isString(isUrl) },
  // Digits separated by spaces or hyphens, with an optional leading `+` (AppSync's rule).
  AWSPhone: { accepts: isString((v) => /^\+?\d(?:[ -]?\d){6,14}$/.test(v)) },
  AWSIPAddress: { accepts: isString(isIpAddress) },
};

function implement(type: GraphQLScalarType, scalar: AwsScalar): void {
  const parse = (value: unknown) => {
    if (!scalar.accepts(value)) throw new AwsScalarError(type.name, value, 'parse');
    return scalar.parse ? scalar.parse(value as string) : value;
  };
  // A scalar's behaviour lives on the type object; buildSchema creates them as plain pass-through
  // scalars, so the implementation is set on the built schema's own instances.
  Object.assign(type, {
    parseValue: parse,
    parseLiteral: (node: ValueNode) => {
      if (node.kind === Kind.STRING) return parse(node.value);
      if (node.kind === Kind.INT) return parse(Number(node.value));
      throw new AwsScalarError(type.name, print(node), 'parse');
    },
    serialize: (value: unknown) => {
      const output = scalar.serialize ? scalar.serialize(value) : value;
      if (!scalar.accepts(output)) throw new AwsScalarError(type.name, value, 'serialize');
      return output;
    },
  });
}

/** Gives the AWS scalars declared in a schema (from appsync-prelude.graphql) AppSync's validation. */
export function implementAwsScalars(schema: GraphQLSchema): void {
  for (const [name, scalar] of Object.entries(AWS_SCALARS)) {
    const type = schema.getType(name);
    if (type) implement(type as GraphQLScalarType, scalar);
  }
}
