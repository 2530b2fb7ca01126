// The CDK app (cdk.json: `npx tsx infra/aws/app.ts`). Settings come from the context (`partage:*`
// keys, see config.ts) and the environment; the web app must be built first (`npm run build -w web`).

import { App } from 'aws-cdk-lib';
import { readConfig, type PartageConfig } from './config';
import { PartageStack } from './stack';

const app = new App();
let settings: PartageConfig;
try {
  settings = readConfig((key) => app.node.tryGetContext(key));
} catch (error) {
  console.error(`Cannot synthesize the Partage stack: ${(error as Error).message}`);
  process.exit(1);
}
const { stackName, region, ...config } = settings;

new PartageStack(app, stackName, {
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region },
  description: 'Partage: equipment-sharing marketplace (web app, GraphQL API, auth endpoints, data)',
  config,
});

app.synth();
