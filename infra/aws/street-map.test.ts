// A deployment with no `partage:mapStyleUrl` gets Amazon Location's street map (street-map.ts): the API
// key's restrictions, the least privilege of the custom resource that reads its value, the style URL in
// config.json and the CSP's one more origin. The web hosting alone is synthesized (no Lambda to bundle);
// stack.test.ts covers the whole stack with an operator's style, where no key is made.

import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessLogs } from './access-logs';
import { auditFindings } from './audit';
import { READ_KEY_ACTIONS, STREET_MAP_KEY_ACTIONS } from './street-map';
import { WebHosting } from './web-hosting';

type Resources = Record<string, { Type: string; Properties: Record<string, unknown> }>;

let workDir: string;
let outdir: string;
let template: Template;
let stack: Stack;
let resources: Resources;
const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);

/** The web hosting of a stack in ca-central-1, with a custom domain or CloudFront's. */
function synthesize(domain?: { domainName: string; certificateArn: string }): { template: Template; outdir: string; stack: Stack } {
  const webDist = join(workDir, 'web-dist');
  mkdirSync(webDist, { recursive: true });
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  const dir = mkdtempSync(join(workDir, 'cdk.out-'));
  const app = new App({ outdir: dir });
  const stack = new Stack(app, 'PartageMaps', { env: { account: '123456789012', region: 'ca-central-1' } });
  new WebHosting(stack, 'Web', {
    webDistPath: webDist,
    graphqlUrl: 'https://api.exemple.ca/graphql',
    graphqlHost: 'api.exemple.ca',
    realtimeHost: 'temps-reel.exemple.ca',
    httpApiHost: 'http.exemple.ca',
    httpApiPaths: ['/status'],
    originVerifyValue: 'verifie',
    appVersion: '1.2.3-test',
    accessLogs: new AccessLogs(stack, 'AccessLogs').bucket,
    webAclArn: 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/site/abc',
    ...domain,
  });
  app.synth();
  return { template: Template.fromStack(stack), outdir: dir, stack };
}

beforeAll(() => {
  workDir = mkdtempSync(join(tmpdir(), 'partage-street-map-'));
  ({ template, outdir, stack } = synthesize());
  resources = template.toJSON().Resources as Resources;
});

afterAll(() => {
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

describe('the street map of a deployment without mapStyleUrl', () => {
  it("creates one API key that never expires and may only get Amazon Location's map tiles, from the site's pages", () => {
    template.resourceCountIs('AWS::Location::APIKey', 1);
    const [, key] = ofType('AWS::Location::APIKey')[0]!;
    const distribution = ofType('AWS::CloudFront::Distribution')[0]![0];
    expect(key.Properties).toMatchObject({ KeyName: 'PartageMaps-maps', NoExpiry: true, ForceUpdate: true, ForceDelete: true });
    const restrictions = key.Properties.Restrictions as Record<string, unknown>;
    expect(restrictions.AllowActions).toEqual(['geo-maps:GetTile']);
    expect(STREET_MAP_KEY_ACTIONS).toEqual(['geo-maps:GetTile']);
    expect(restrictions.AllowResources).toEqual([
      { 'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':geo-maps:ca-central-1::provider/default']] },
    ]);
    // https://<CloudFront's domain>/* : the referer of the site's pages, nothing else.
    expect(restrictions.AllowReferers).toEqual([{ 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [distribution, 'DomainName'] }, '/*']] }]);
  });

  it('restricts the key to the custom domain when the site has one', () => {
    const custom = synthesize({
      domainName: 'partage.exemple.ca',
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc',
    }).template;
    custom.hasResourceProperties('AWS::Location::APIKey', {
      Restrictions: Match.objectLike({ AllowReferers: ['https://partage.exemple.ca/*'] }),
    });
  });

  it("reads the key's value with a custom resource that may only describe that key", () => {
    const [keyId] = ofType('AWS::Location::APIKey')[0]!;
    const [, reader] = ofType('Custom::AWS')[0]!;
    const call = JSON.stringify(reader.Properties.Create);
    expect(call).toContain('"service\\":\\"Location\\"');
    expect(call).toContain('"action\\":\\"describeKey\\"');
    expect(call).toContain('"KeyName\\":\\"PartageMaps-maps\\"');
    expect(reader.Properties.InstallLatestAwsSdk).toBe(false);
    // The only IAM statement of the stack is the reader's: geo:DescribeKey on this key's ARN.
    const statements = ofType('AWS::IAM::Policy').flatMap(
      ([, policy]) => (policy.Properties.PolicyDocument as { Statement: Record<string, unknown>[] }).Statement,
    );
    expect(statements.filter((statement) => JSON.stringify(statement).includes('geo'))).toEqual([
      { Action: READ_KEY_ACTIONS[0], Effect: 'Allow', Resource: { 'Fn::GetAtt': [keyId, 'KeyArn'] } },
    ]);
    expect(READ_KEY_ACTIONS).toEqual(['geo:DescribeKey']);
  });

  it("puts Amazon Location's Standard style with the key's value into config.json", () => {
    const [readerId] = ofType('Custom::AWS')[0]!;
    const deployment = ofType('Custom::CDKBucketDeployment').find(([, d]) =>
      JSON.stringify(d.Properties.SourceMarkers ?? []).includes(readerId),
    );
    expect(deployment, 'the config.json deployment').toBeDefined();
    const props = deployment![1].Properties as { SourceObjectKeys: string[]; SourceMarkers: Record<string, unknown>[] };
    const assetDir = join(outdir, `asset.${props.SourceObjectKeys.at(-1)!.replace(/\.zip$/, '')}`);
    const written = JSON.parse(readFileSync(join(assetDir, 'config.json'), 'utf8')) as { mapStyleUrl: string };
    const style = 'https://maps.geo.ca-central-1.amazonaws.com/v2/styles/Standard/descriptor?key=';
    expect(written.mapStyleUrl.startsWith(style), written.mapStyleUrl).toBe(true);
    const marker = written.mapStyleUrl.slice(style.length);
    const markers = Object.assign({}, ...props.SourceMarkers) as Record<string, unknown>;
    expect(markers[marker]).toEqual({ 'Fn::GetAtt': [readerId, 'Key'] });
  });

  it("lets the browser reach Amazon Location's maps origin, and no other of its hosts", () => {
    const [, policy] = ofType('AWS::CloudFront::ResponseHeadersPolicy')[0]!;
    const csp = (
      policy.Properties.ResponseHeadersPolicyConfig as {
        SecurityHeadersConfig: { ContentSecurityPolicy: { ContentSecurityPolicy: string } };
      }
    ).SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy;
    const connect = /connect-src ([^;]+);/.exec(csp)![1]!.split(' ');
    expect(connect).toEqual([
      "'self'",
      'https://api.exemple.ca',
      'wss://temps-reel.exemple.ca',
      'https://maps.geo.ca-central-1.amazonaws.com',
    ]);
    expect(csp).toContain("worker-src 'self' blob:");
    expect(csp).not.toMatch(/\*\.amazonaws\.com/);
  });
});

describe("the web hosting's audit (cdk-nag AwsSolutions; stack.test.ts audits the whole stack)", () => {
  it("leaves no finding unacknowledged with the street map's custom resource, on CloudFront's domain", () => {
    expect(auditFindings(stack)).toEqual([]);
  });

  it('requires TLS 1.2 of viewers on a custom domain (AwsSolutions-CFR4 fixed, not acknowledged)', () => {
    const custom = synthesize({ domainName: 'partage.exemple.ca', certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc' });
    expect(auditFindings(custom.stack)).toEqual([]);
    custom.template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        ViewerCertificate: Match.objectLike({ MinimumProtocolVersion: 'TLSv1.2_2021', SslSupportMethod: 'sni-only' }),
      }),
    });
  });
});
