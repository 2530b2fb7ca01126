// AWS WAF rate-based rules per source address: on CloudFront (the site and the HTTP API routes it
// fronts; API Gateway HTTP APIs cannot carry a WebACL themselves) and on AppSync. A blocked request
// gets 429 with Retry-After and the RATE_LIMITED code, as on the local host (infra/local/rate-limiter.ts).

import { Stack, type StackProps } from 'aws-cdk-lib';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { OperatorAlarms } from './alarms';

export interface RateRule {
  /** Rule and metric name. */
  name: string;
  /** Requests per source address per evaluation window (WAF's minimum is 10). */
  limit: number;
  /** Only requests whose path starts with one of these count (all requests when absent). */
  pathPrefixes?: string[];
}

/** WAF counts over this window; Retry-After tells the client to wait it out. */
export const RATE_WINDOW_SECONDS = 300;

/** CloudFront: the login endpoints tightly (password guessing), the other API routes, then the whole site. */
export const SITE_RATE_RULES: RateRule[] = [
  { name: 'token-endpoints', limit: 100, pathPrefixes: ['/token/'] },
  { name: 'api-routes', limit: 600, pathPrefixes: ['/log', '/status', '/alerts/'] },
  { name: 'site', limit: 3000 },
];

/** AppSync: every GraphQL request of one address. */
export const APPSYNC_RATE_RULES: RateRule[] = [{ name: 'graphql', limit: 1500 }];

const BODY_KEY = 'rate-limited';

export interface RateLimitedWebAclProps {
  scope: 'CLOUDFRONT' | 'REGIONAL';
  rules: RateRule[];
  /** JSON answered with the 429 (the shape the endpoint's clients read). */
  blockedBody: unknown;
}

function pathStatement(prefixes: string[]): wafv2.CfnWebACL.StatementProperty {
  const statements = prefixes.map((prefix): wafv2.CfnWebACL.StatementProperty => ({
    byteMatchStatement: {
      fieldToMatch: { uriPath: {} },
      positionalConstraint: 'STARTS_WITH',
      searchString: prefix,
      textTransformations: [{ priority: 0, type: 'NONE' }],
    },
  }));
  return statements.length === 1 ? statements[0]! : { orStatement: { statements } };
}

export class RateLimitedWebAcl extends Construct {
  readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: RateLimitedWebAclProps) {
    super(scope, id);
    const visibility = (metricName: string) => ({ cloudWatchMetricsEnabled: true, metricName, sampledRequestsEnabled: true });
    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      scope: props.scope,
      defaultAction: { allow: {} },
      visibilityConfig: visibility(`${id}-requests`),
      customResponseBodies: { [BODY_KEY]: { contentType: 'APPLICATION_JSON', content: JSON.stringify(props.blockedBody) } },
      rules: props.rules.map((rule, priority) => ({
        name: rule.name,
        priority,
        statement: {
          rateBasedStatement: {
            limit: rule.limit,
            aggregateKeyType: 'IP',
            evaluationWindowSec: RATE_WINDOW_SECONDS,
            ...(rule.pathPrefixes ? { scopeDownStatement: pathStatement(rule.pathPrefixes) } : {}),
          },
        },
        action: {
          block: {
            customResponse: {
              responseCode: 429,
              customResponseBodyKey: BODY_KEY,
              responseHeaders: [{ name: 'retry-after', value: String(RATE_WINDOW_SECONDS) }],
            },
          },
        },
        visibilityConfig: visibility(rule.name),
      })),
    });
  }

  get arn(): string {
    return this.webAcl.attrArn;
  }
}

/** What the site's HTTP routes answer when rate-limited (docs/contracts.md, like the local host). */
export const HTTP_RATE_LIMITED_BODY = { code: 'RATE_LIMITED', message: 'Too many requests', retryAfterSeconds: RATE_WINDOW_SECONDS };
export const GRAPHQL_RATE_LIMITED_BODY = {
  errors: [{ errorType: 'RATE_LIMITED', message: `Too many requests; retry after ${RATE_WINDOW_SECONDS} s.` }],
};

/**
 * CloudFront only accepts a WebACL created in us-east-1, whatever the region of the rest. This small
 * stack holds it there; the main stack reads its ARN through CDK's cross-region references
 * (`crossRegionReferences`), so `cdk deploy --all` deploys both in order. Its metrics are in us-east-1
 * too, and an alarm notifies a topic of its own region: the spike alarm has a topic of its own here.
 */
export class EdgeSecurityStack extends Stack {
  readonly webAclArn: string;

  constructor(scope: Construct, id: string, props: Omit<StackProps, 'env'> & { account?: string; alarmEmail?: string }) {
    const { account, alarmEmail, ...stackProps } = props;
    super(scope, id, { ...stackProps, env: { account, region: 'us-east-1' }, crossRegionReferences: true });
    const acl = new RateLimitedWebAcl(this, 'SiteRateLimits', {
      scope: 'CLOUDFRONT',
      rules: SITE_RATE_RULES,
      blockedBody: HTTP_RATE_LIMITED_BODY,
    });
    this.webAclArn = acl.arn;
    new OperatorAlarms(this, 'Alarms', { ...(alarmEmail ? { email: alarmEmail } : {}) }).webAclBlocks('Site', acl.webAcl, 'the site');
  }
}

/** The REGIONAL WebACL of an AppSync API (same region as the API), associated with it. */
export function protectGraphqlApi(scope: Construct, apiArn: string): RateLimitedWebAcl {
  const acl = new RateLimitedWebAcl(scope, 'GraphqlRateLimits', {
    scope: 'REGIONAL',
    rules: APPSYNC_RATE_RULES,
    blockedBody: GRAPHQL_RATE_LIMITED_BODY,
  });
  new wafv2.CfnWebACLAssociation(scope, 'GraphqlWebAclAssociation', { resourceArn: apiArn, webAclArn: acl.arn });
  return acl;
}
