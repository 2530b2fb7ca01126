// The street map of a deployment (issue 23): Amazon Location Service's Maps API v2, its "Standard" style
// (streets, water, parks, buildings, labels), read straight by the browsers with an API key that the stack
// creates, so a deployment shows a real map without any setup. The key is public by design (it travels in
// config.json and in every tile URL): it may only fetch map tiles, only from the site's own pages.
// An operator's `partage:mapStyleUrl` replaces all of this (web-hosting.ts creates no key then).

import { Aws, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as location from 'aws-cdk-lib/aws-location';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as cr from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';

/**
 * All the key allows: the vector tiles. The style descriptor, its glyphs and sprites need no permission
 * of the key, and the site draws no static map (geo-maps:GetStaticMap).
 */
export const STREET_MAP_KEY_ACTIONS = ['geo-maps:GetTile'];

/** What the custom resource that reads the key's value may do, and nothing else. */
export const READ_KEY_ACTIONS = ['geo:DescribeKey'];

/** The Maps API's own origin: the style, its tiles, glyphs and sprites all come from it (the CSP's connect-src). */
export const streetMapOrigin = (region: string): string => `https://maps.geo.${region}.amazonaws.com`;

/** The style descriptor MapLibre loads; its tile URLs carry the key on. Light colours are the default. */
export const streetMapStyleUrl = (region: string, key: string): string =>
  `${streetMapOrigin(region)}/v2/styles/Standard/descriptor?key=${key}`;

export interface StreetMapProps {
  /** https://<site domain>: the only pages whose requests the key answers (Referer). */
  siteUrl: string;
}

export class StreetMap extends Construct {
  /** The style URL with the key's value in it, known at deploy time (a token). */
  readonly styleUrl: string;

  constructor(scope: Construct, id: string, props: StreetMapProps) {
    super(scope, id);
    const stack = Stack.of(this);
    const key = new location.CfnAPIKey(this, 'Key', {
      keyName: `${stack.stackName}-maps`,
      description: "Partage's street map: map tiles, from the site's pages only",
      noExpiry: true,
      restrictions: {
        allowActions: STREET_MAP_KEY_ACTIONS,
        allowResources: [`arn:${Aws.PARTITION}:geo-maps:${stack.region}::provider/default`],
        allowReferers: [`${props.siteUrl}/*`],
      },
      // A key used in the past days refuses a change of its restrictions (a new domain) or its deletion
      // (the stack's) unless forced: the stack owns it, and no one else uses it.
      forceUpdate: true,
      forceDelete: true,
    });

    // The custom resource's Lambda: its own log group with a retention, and a role with inline statements
    // only (writing that log group; the policy below adds geo:DescribeKey), no AWSLambdaBasicExecutionRole.
    const logGroup = new logs.LogGroup(this, 'KeyValueLogs', {
      retention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const role = new iam.Role(this, 'KeyValueRole', {
      description: "Reads the street map key's value at deployment",
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
    });
    logGroup.grantWrite(role);

    // The key's value is no CloudFormation attribute: DescribeKey reads it, at each deployment that
    // replaces the key (its ARN is the custom resource's id).
    const value = new cr.AwsCustomResource(this, 'KeyValue', {
      onUpdate: {
        service: 'Location',
        action: 'describeKey',
        parameters: { KeyName: key.keyName },
        physicalResourceId: cr.PhysicalResourceId.of(key.attrKeyArn),
        outputPaths: ['Key'],
      },
      policy: cr.AwsCustomResourcePolicy.fromStatements([
        new iam.PolicyStatement({ actions: READ_KEY_ACTIONS, resources: [key.attrKeyArn] }),
      ]),
      // The runtime's SDK has DescribeKey: no package to download from npm during a deployment.
      installLatestAwsSdk: false,
      role,
      logGroup,
    });
    this.styleUrl = streetMapStyleUrl(stack.region, value.getResponseField('Key'));
  }
}
