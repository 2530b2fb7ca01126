// The CDK app (cdk.json: `npx tsx infra/aws/app.ts`). Settings come from the context (`partage:*`
// keys, see config.ts) and the environment; the web app must be built first (`npm run build -w web`).

import { App } from 'aws-cdk-lib';
import { auditApp } from './audit';
import { assertFeeCoversStripe, readConfig, type PartageConfig } from './config';
import { PartageStack } from './stack';
import { EdgeSecurityStack } from './waf';

const app = new App();
let settings: PartageConfig;
try {
  const context = (key: string) => app.node.tryGetContext(key);
  settings = readConfig(context);
  assertFeeCoversStripe(settings.platformFee, context);
} catch (error) {
  console.error(`Cannot synthesize the Partage stack: ${(error as Error).message}`);
  process.exit(1);
}
const { stackName, region, cloudFrontWebAclArn, ...config } = settings;

// CloudFront's WebACL must live in us-east-1: a small stack there, unless the context names one.
const edge = cloudFrontWebAclArn
  ? undefined
  : new EdgeSecurityStack(app, `${stackName}Edge`, {
      account: process.env.CDK_DEFAULT_ACCOUNT,
      ...(settings.alarmEmail ? { alarmEmail: settings.alarmEmail } : {}),
      description: 'Partage: AWS WAF rate limits of the CloudFront distribution (must be in us-east-1)',
    });

new PartageStack(app, stackName, {
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region },
  description: 'Partage: equipment-sharing marketplace (web app, GraphQL API, auth endpoints, data)',
  config,
  crossRegionReferences: edge !== undefined,
  cloudFrontWebAclArn: cloudFrontWebAclArn ?? edge?.webAclArn,
});

// The stack's audit (cdk-nag AwsSolutions, docs/operations.md): a finding not acknowledged stops the synthesis.
auditApp(app);

app.synth();
