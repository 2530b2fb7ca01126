// AppSync unit resolver (APPSYNC_JS runtime) shared by every field resolved by a Lambda.
// request: invoke the data source's Lambda with the direct-Lambda event shape (docs/contracts.md);
// a field of a type other than the roots is batched (BatchInvoke: AppSync sends the events of every
// parent of the level in one array, up to the resolver's maxBatchSize, and hands each item its element
// of the answer), so a list of 20 rows costs one Lambda call, not 20.
// response: an invocation error, or a ResolverErrorEnvelope `{ __error: { code, message, fields, retryAfterSeconds? } }`
// returned by the handler, becomes a GraphQL error; a Subscription field's `{ __subscriptionFilter }`
// (functions/handlers/shared/subscription-filter.ts) becomes its enhanced subscription filter;
// anything else is the field's value.
// The runtime allows a subset of JavaScript: no try/catch/throw, no `in`, no `++`.
import { extensions, util } from '@aws-appsync/utils';

const ROOT_TYPES = ['Query', 'Mutation', 'Subscription'];

export function request(ctx) {
  return {
    operation: ROOT_TYPES.includes(ctx.info.parentTypeName) ? 'Invoke' : 'BatchInvoke',
    payload: {
      arguments: ctx.arguments,
      identity: ctx.identity,
      source: ctx.source,
      info: ctx.info,
      request: { headers: ctx.request.headers },
      prev: ctx.prev,
      stash: ctx.stash,
    },
  };
}

export function response(ctx) {
  if (ctx.error) {
    util.error(ctx.error.message, ctx.error.type);
  }
  const result = ctx.result;
  if (result !== null && typeof result === 'object' && result.__error) {
    const failure = result.__error;
    const info = { code: failure.code, fields: failure.fields ?? [] };
    // RATE_LIMITED: the seconds to wait, for the client.
    if (failure.retryAfterSeconds !== undefined) info.retryAfterSeconds = failure.retryAfterSeconds;
    util.error(failure.message, failure.code, null, info);
  }
  if (ctx.info.parentTypeName === 'Subscription' && result !== null && typeof result === 'object' && result.__subscriptionFilter) {
    extensions.setSubscriptionFilter(util.transform.toSubscriptionFilter(result.__subscriptionFilter));
    return null;
  }
  return result;
}
