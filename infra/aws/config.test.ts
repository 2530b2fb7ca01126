// Settings of the CDK app and the small pure helpers of the constructs (no synthesis here).

import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assertFeeCoversStripe, CONTEXT_KEYS, readConfig, REPO_ROOT, resolveWebDist, senderAddress, STRIPE_CARD_FEE } from './config';
import { schemaFields, splitField } from './graphql-api';
import { constructIdOf } from './lambdas';
import { apiPathPatterns, siteContentSecurityPolicy } from './web-hosting';

const dir = mkdtempSync(join(tmpdir(), 'partage-web-'));
const built = join(dir, 'dist');
mkdirSync(built);
writeFileSync(join(built, 'index.html'), '<!doctype html><title>x</title>');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('web build location', () => {
  it('takes the context first, then WEB_DIST', () => {
    expect(resolveWebDist(built, {})).toBe(built);
    expect(resolveWebDist(undefined, { WEB_DIST: built })).toBe(built);
  });

  it('defaults to web/dist at the repository root and fails with the command to run', () => {
    const missing = join(dir, 'nothing-here');
    expect(() => resolveWebDist(missing, {})).toThrow(/npm run build -w web/);
    expect(() => resolveWebDist(undefined, { WEB_DIST: missing })).toThrow(missing);
    let message = '';
    try {
      resolveWebDist(undefined, {});
    } catch (error) {
      message = (error as Error).message;
    }
    // Either web/dist is built (no error) or the error names it.
    if (message) expect(message).toContain(join(REPO_ROOT, 'web', 'dist'));
  });

  it('refuses a directory without index.html', () => {
    expect(() => resolveWebDist(dir, {})).toThrow(/index\.html/);
  });
});

describe('readConfig', () => {
  const context = (values: Record<string, string>) => (key: string) => values[key];

  it('reads the partage:* context keys', () => {
    const config = readConfig(
      context({
        [CONTEXT_KEYS.webDist]: built,
        [CONTEXT_KEYS.stackName]: 'PartageTest',
        [CONTEXT_KEYS.region]: 'ca-central-1',
        [CONTEXT_KEYS.mailFrom]: 'Partage <no-reply@exemple.ca>',
        [CONTEXT_KEYS.appVersion]: '1.2.3',
      }),
      {},
    );
    expect(config).toEqual({
      stackName: 'PartageTest',
      region: 'ca-central-1',
      webDistPath: built,
      mailFrom: 'Partage <no-reply@exemple.ca>',
      appVersion: '1.2.3',
      site: {},
      telemetry: {},
    });
  });

  it('reads extra CSP connect sources from a list or a string', () => {
    const base = { [CONTEXT_KEYS.webDist]: built };
    expect(
      readConfig(context({ ...base, [CONTEXT_KEYS.connectSources]: 'https://a.example  https://b.example' }), {}).connectSources,
    ).toEqual(['https://a.example', 'https://b.example']);
    const list = ['https://tiles.example'] as unknown as string;
    expect(readConfig(context({ ...base, [CONTEXT_KEYS.connectSources]: list }), {}).connectSources).toEqual(['https://tiles.example']);
    expect(readConfig(context(base), {}).connectSources).toBeUndefined();
  });

  it('reads the map style URL, an https URL, absent unless set (the offline basemap)', () => {
    const base = { [CONTEXT_KEYS.webDist]: built };
    const url = 'https://tuiles.exemple.ca/styles/quebec.json';
    expect(readConfig(context({ ...base, [CONTEXT_KEYS.mapStyleUrl]: url }), {}).mapStyleUrl).toBe(url);
    expect(readConfig(context(base), {}).mapStyleUrl).toBeUndefined();
    expect(() => readConfig(context({ ...base, [CONTEXT_KEYS.mapStyleUrl]: 'http://tuiles.exemple.ca/style.json' }), {})).toThrow(
      /partage:mapStyleUrl must be an https URL/,
    );
  });

  it('reads the site settings and telemetry ids, leaving out what is not set and refusing malformed ones', () => {
    const base = { [CONTEXT_KEYS.webDist]: built };
    const config = readConfig(
      context({
        ...base,
        [CONTEXT_KEYS.partnerName]: 'Banque alimentaire',
        [CONTEXT_KEYS.partnerUrl]: 'https://banque.exemple.ca/',
        [CONTEXT_KEYS.contactEmail]: 'equipe@exemple.ca',
        [CONTEXT_KEYS.analyticsId]: 'G-TEST',
      }),
      {},
    );
    expect(config.site).toEqual({
      partnerName: 'Banque alimentaire',
      partnerUrl: 'https://banque.exemple.ca/',
      contactEmail: 'equipe@exemple.ca',
    });
    expect(config.telemetry).toEqual({ analyticsId: 'G-TEST' });
    expect(readConfig(context(base), {})).toMatchObject({ site: {}, telemetry: {} });
    expect(() => readConfig(context({ ...base, [CONTEXT_KEYS.videoUrl]: 'video.exemple.ca' }), {})).toThrow(
      /partage:videoUrl must be an https URL/,
    );
    expect(() => readConfig(context({ ...base, [CONTEXT_KEYS.contactEmail]: 'equipe' }), {})).toThrow(
      /partage:contactEmail must be an e-mail address/,
    );
  });

  it("refuses the local host's demo values and other placeholders, which every footer would show", () => {
    const base = { [CONTEXT_KEYS.webDist]: built };
    for (const [key, value] of [
      [CONTEXT_KEYS.partnerName, 'Exemple.org'],
      [CONTEXT_KEYS.partnerUrl, 'https://www.example.org/'],
      [CONTEXT_KEYS.videoUrl, 'https://www.example.org/video'],
      [CONTEXT_KEYS.videoUrl, 'https://videos.partage.test/intro'],
      [CONTEXT_KEYS.contactEmail, 'equipe@partage.localhost'],
    ]) {
      expect(() => readConfig(context({ ...base, [key!]: value }), {}), value).toThrow(new RegExp(`${key} is a placeholder`));
    }
  });

  it("reads the contracts' platform fee, in integers, and refuses a malformed one", () => {
    const base = { [CONTEXT_KEYS.webDist]: built };
    expect(readConfig(context(base), {}).platformFee).toBeUndefined();
    expect(readConfig(context({ ...base, [CONTEXT_KEYS.platformFeeBasisPoints]: '250' }), {}).platformFee).toEqual({
      basisPoints: 250,
      fixedCents: 0,
    });
    expect(readConfig(context({ ...base, [CONTEXT_KEYS.platformFeeFixedCents]: '30' }), {}).platformFee).toEqual({
      basisPoints: 0,
      fixedCents: 30,
    });
    expect(() => readConfig(context({ ...base, [CONTEXT_KEYS.platformFeeBasisPoints]: '2.5' }), {})).toThrow(
      /partage:platformFeeBasisPoints/,
    );
  });

  it("reads the platform's GST and QST numbers, both or neither, normalised, and refuses a wrong shape", () => {
    const base = { [CONTEXT_KEYS.webDist]: built };
    expect(readConfig(context(base), {}).platformTaxNumbers).toBeUndefined();
    const numbers = { [CONTEXT_KEYS.platformGstNumber]: '987654321 rt 0001', [CONTEXT_KEYS.platformQstNumber]: '9876543210TQ0001' };
    expect(readConfig(context({ ...base, ...numbers }), {}).platformTaxNumbers).toEqual({
      gstNumber: '987654321RT0001',
      qstNumber: '9876543210TQ0001',
    });
    expect(() => readConfig(context({ ...base, [CONTEXT_KEYS.platformGstNumber]: '987654321RT0001' }), {})).toThrow(
      /partage:platformGstNumber/,
    );
    expect(() => readConfig(context({ ...base, ...numbers, [CONTEXT_KEYS.platformQstNumber]: '98765TQ0001' }), {})).toThrow(
      /partage:platformQstNumber/,
    );
  });

  it("reads the platform's legal name and address for its invoices, each optional", () => {
    const base = { [CONTEXT_KEYS.webDist]: built };
    expect(readConfig(context(base), {}).platformIdentity).toBeUndefined();
    expect(readConfig(context({ ...base, [CONTEXT_KEYS.platformLegalName]: ' Partage inc. ' }), {}).platformIdentity).toEqual({
      legalName: 'Partage inc.',
    });
    const both = { [CONTEXT_KEYS.platformLegalName]: 'Partage inc.', [CONTEXT_KEYS.platformAddress]: '1 rue de la Plateforme, Montréal' };
    expect(readConfig(context({ ...base, ...both }), {}).platformIdentity).toEqual({
      legalName: 'Partage inc.',
      address: '1 rue de la Plateforme, Montréal',
    });
  });

  it("refuses a fee that would not cover Stripe's on every charge, unless the operator accepted to pay the difference", () => {
    const context = (values: Record<string, string>) => (key: string) => values[key];
    expect(() => assertFeeCoversStripe(undefined, context({}))).toThrow(
      /must cover Stripe's on each charge, at least 290 basis points and 30 cents/,
    );
    expect(() => assertFeeCoversStripe({ basisPoints: 250, fixedCents: 30 }, context({}))).toThrow(/partage:platformFeeBelowStripe/);
    expect(() => assertFeeCoversStripe({ basisPoints: 500, fixedCents: 0 }, context({}))).toThrow();
    expect(() => assertFeeCoversStripe(STRIPE_CARD_FEE, context({}))).not.toThrow();
    expect(() => assertFeeCoversStripe({ basisPoints: 500, fixedCents: 50 }, context({}))).not.toThrow();
    expect(() => assertFeeCoversStripe(undefined, context({ [CONTEXT_KEYS.platformFeeBelowStripe]: 'accepted' }))).not.toThrow();
  });

  it('turns GraphQL introspection on only when asked (a development stack), and reads an existing CloudFront WebACL', () => {
    const base = { [CONTEXT_KEYS.webDist]: built };
    expect(readConfig(context(base), {}).graphqlIntrospection).toBeUndefined();
    expect(readConfig(context({ ...base, [CONTEXT_KEYS.graphqlIntrospection]: 'false' }), {}).graphqlIntrospection).toBeUndefined();
    expect(readConfig(context({ ...base, [CONTEXT_KEYS.graphqlIntrospection]: 'true' }), {}).graphqlIntrospection).toBe(true);
    const arn = 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/partage/abc';
    expect(readConfig(context({ ...base, [CONTEXT_KEYS.cloudFrontWebAclArn]: arn }), {}).cloudFrontWebAclArn).toBe(arn);
  });

  it("e-mails the alarms to the operator's address, else to the team's, and refuses a malformed one", () => {
    const base = { [CONTEXT_KEYS.webDist]: built };
    expect(readConfig(context(base), {}).alarmEmail).toBeUndefined();
    expect(readConfig(context({ ...base, [CONTEXT_KEYS.contactEmail]: 'equipe@exemple.ca' }), {}).alarmEmail).toBe('equipe@exemple.ca');
    const both = { ...base, [CONTEXT_KEYS.contactEmail]: 'equipe@exemple.ca', [CONTEXT_KEYS.alarmEmail]: 'exploitation@exemple.ca' };
    expect(readConfig(context(both), {})).toMatchObject({
      alarmEmail: 'exploitation@exemple.ca',
      site: { contactEmail: 'equipe@exemple.ca' },
    });
    expect(() => readConfig(context({ ...base, [CONTEXT_KEYS.alarmEmail]: 'exploitation' }), {})).toThrow(
      /partage:alarmEmail must be an e-mail address/,
    );
  });

  it('names a second stack beside the first (a staging copy) by partage:stackName, and refuses a name CloudFormation or the Lambdas would not take', () => {
    const base = { [CONTEXT_KEYS.webDist]: built };
    expect(readConfig(context(base), {}).stackName).toBe('Partage');
    expect(readConfig(context({ ...base, [CONTEXT_KEYS.stackName]: 'PartageStaging' }), {}).stackName).toBe('PartageStaging');
    for (const name of ['Partage_Staging', '1Partage', 'Partage Staging', `P${'a'.repeat(40)}`]) {
      expect(() => readConfig(context({ ...base, [CONTEXT_KEYS.stackName]: name }), {}), name).toThrow(
        /partage:stackName must start with a letter/,
      );
    }
  });

  it('has every key in the deploy guide', () => {
    const guide = readFileSync(join(REPO_ROOT, 'docs', 'deploy.md'), 'utf8');
    for (const key of Object.values(CONTEXT_KEYS)) expect(guide, key).toContain(`\`${key}\``);
  });

  it('needs a certificate with a custom domain', () => {
    expect(() => readConfig(context({ [CONTEXT_KEYS.webDist]: built, [CONTEXT_KEYS.domainName]: 'partage.example' }), {})).toThrow(
      /certificateArn/,
    );
  });
});

describe('helpers', () => {
  it('extracts the sender address', () => {
    expect(senderAddress('Partage <no-reply@exemple.ca>')).toBe('no-reply@exemple.ca');
    expect(senderAddress('no-reply@exemple.ca')).toBe('no-reply@exemple.ca');
  });

  it('maps HTTP routes to CloudFront path patterns', () => {
    expect(apiPathPatterns(['/token/login', '/token/refresh', '/status', '/log'])).toEqual(['/token/*', '/status', '/log']);
  });

  it('builds a CSP with the given connect sources', () => {
    const csp = siteContentSecurityPolicy(['https://a.example', 'wss://b.example']);
    expect(csp).toContain("connect-src 'self' https://a.example wss://b.example");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("style-src 'self';");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain('upgrade-insecure-requests');
  });

  it('opens the CSP to a telemetry service only when it is configured', () => {
    const bare = siteContentSecurityPolicy([]);
    expect(bare).toMatch(/script-src 'self' 'sha256-[^']+';/);
    expect(bare).not.toContain('google');
    const csp = siteContentSecurityPolicy(['https://a.example'], {
      analyticsId: 'G-TEST123',
      errorReportingDsn: 'https://public@o42.ingest.example.io/7',
    });
    expect(csp).toMatch(/script-src 'self' 'sha256-[^']+' https:\/\/\*\.googletagmanager\.com;/);
    expect(csp).toMatch(
      /connect-src 'self' https:\/\/a\.example https:\/\/\*\.google-analytics\.com .*https:\/\/o42\.ingest\.example\.io;/,
    );
    expect(csp).not.toContain('public@');
    const reportsOnly = siteContentSecurityPolicy([], { errorReportingDsn: 'https://public@o42.ingest.example.io/7' });
    expect(reportsOnly).toMatch(/script-src 'self' 'sha256-[^']+';/);
    expect(reportsOnly).toContain("connect-src 'self' https://o42.ingest.example.io;");
  });

  it('splits catalog fields and reads the schema fields', () => {
    expect(splitField('Query.me')).toEqual({ typeName: 'Query', fieldName: 'me' });
    expect(() => splitField('me')).toThrow();
    expect(schemaFields('type Query { me: String } extend type Query { other: Int }')).toEqual(new Set(['Query.me', 'Query.other']));
  });

  it('names constructs', () => {
    expect(constructIdOf('accounts')).toBe('Accounts');
    expect(constructIdOf('stripe-webhook')).toBe('StripeWebhook');
  });
});
