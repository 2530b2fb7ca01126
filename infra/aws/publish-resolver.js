// AppSync unit resolver (APPSYNC_JS) of the IAM-only publish mutations, on a NONE data source:
// nothing is stored, the event given as AWSJSON becomes the mutation's result, which AppSync relays
// to the subscriptions that listen to the mutation (`@aws_subscribe`) and pass their filters.
import { util } from '@aws-appsync/utils';

export function request(ctx) {
  return { payload: util.parseJson(ctx.arguments.data) };
}

export function response(ctx) {
  return ctx.result;
}
