// X-Ray subsegments (AWS Lambda Powertools Tracer) for the Lambdas whose work is Stripe's (payments,
// stripe-webhook, contract-payouts): Stripe's calls, and DynamoDB's, each a subsegment of the
// invocation, where a slow or failing provider shows. Every Lambda and the
// AppSync API trace with X-Ray's active tracing (infra/aws: an invocation's segment, its duration and
// errors, linked to the GraphQL request); only these carry the tracer, which weighs about 125 kB
// minified (aws-xray-sdk-core), more than most bundles whole (handlers/lambda-bundles.test.ts). Off
// outside Lambda (the local host, tests): nothing is patched there.

import { Tracer } from '@aws-lambda-powertools/tracer';

/** For handlers/shared/observed.ts, in those handlers. */
export const tracer = new Tracer();
