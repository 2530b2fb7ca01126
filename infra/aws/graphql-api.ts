// The AppSync GraphQL API: schema from graphql/schema.graphql, one AWS_LAMBDA authorizer, and for
// every field of the catalog an APPSYNC_JS unit resolver (resolver-code.js) over its capability's
// Lambda data source. Fields of other types than the roots are batched (BatchInvoke, maxBatchSize).
// A second auth mode, AWS_IAM, serves only the publish mutations of server
// events (functions/domain/events.ts), resolved on a NONE data source by publish-resolver.js.

import { readFileSync } from 'node:fs';
import { Annotations, Duration, Fn, RemovalPolicy } from 'aws-cdk-lib';
import * as appsync from 'aws-cdk-lib/aws-appsync';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { Kind, parse } from 'graphql';
import { SCHEMA_PATH } from '@partage/graphql/schema';
import { ROOT_TYPES } from '@partage/graphql/schema-parts';
import { FIELD_RESOLVER_MAX_BATCH_SIZE } from '@partage/functions/handlers/catalog';
import { GRAPHQL_LIMITS } from '../shared/graphql-limits';
import { SERVER_EVENTS } from '@partage/functions/domain/events';
import { acknowledge, acknowledgeWildcardResources } from './audit';
import { constructIdOf } from './lambdas';

export const RESOLVER_CODE_PATH = new URL('./resolver-code.js', import.meta.url);
export const PUBLISH_RESOLVER_CODE_PATH = new URL('./publish-resolver.js', import.meta.url);

export interface CapabilityResolvers {
  /** Capability name (the data source is named after it). */
  name: string;
  /** `Type.field` of every field it resolves. */
  fields: string[];
  fn: lambda.IFunction;
}

export interface LambdaGraphqlApiProps {
  apiName: string;
  authorizer: lambda.IFunction;
  capabilities: CapabilityResolvers[];
  schemaPath?: string;
  /** Most parents in one call of a field resolver on a type field. */
  maxBatchSize?: number;
  /** Schema introspection (`__schema`, `__type`); off in production (context `partage:graphqlIntrospection`). */
  introspection?: boolean;
}

export function splitField(field: string): { typeName: string; fieldName: string } {
  const match = /^([A-Za-z_]\w*)\.([A-Za-z_]\w*)$/.exec(field);
  if (!match) throw new Error(`Catalog field "${field}" is not of the form Type.field`);
  return { typeName: match[1]!, fieldName: match[2]! };
}

/** Every `Type.field` declared by object types (and their extensions) of an SDL file. */
export function schemaFields(sdl: string): Set<string> {
  const fields = new Set<string>();
  for (const def of parse(sdl).definitions) {
    if (def.kind === Kind.OBJECT_TYPE_DEFINITION || def.kind === Kind.OBJECT_TYPE_EXTENSION) {
      for (const field of def.fields ?? []) fields.add(`${def.name.value}.${field.name.value}`);
    }
  }
  return fields;
}

export class LambdaGraphqlApi extends Construct {
  readonly api: appsync.GraphqlApi;
  /** https://<id>.appsync-api.<region>.amazonaws.com/graphql */
  readonly graphqlUrl: string;
  /** Host names of the HTTPS endpoint and of the real-time (wss) endpoint. */
  readonly graphqlHost: string;
  readonly realtimeHost: string;

  constructor(scope: Construct, id: string, props: LambdaGraphqlApiProps) {
    super(scope, id);
    const schemaPath = props.schemaPath ?? SCHEMA_PATH;

    // The role AppSync writes its logs with: its own log group only (created below with its retention),
    // instead of the managed AWSAppSyncPushToCloudWatchLogs (logs:* on every log group).
    const logsRole = new iam.Role(this, 'LogsRole', {
      description: 'Assumed by AppSync to write the GraphQL API log group',
      assumedBy: new iam.ServicePrincipal('appsync.amazonaws.com'),
    });

    this.api = new appsync.GraphqlApi(this, 'Api', {
      name: props.apiName,
      definition: appsync.Definition.fromFile(schemaPath),
      authorizationConfig: {
        defaultAuthorization: {
          authorizationType: appsync.AuthorizationType.LAMBDA,
          // A revoked session stops working within this time (the authorizer's MAX_CACHE_SECONDS).
          lambdaAuthorizerConfig: { handler: props.authorizer, resultsCacheTtl: Duration.seconds(60) },
        },
        // Only fields marked @aws_iam accept it: the Lambdas' own roles publishing server events.
        additionalAuthorizationModes: [{ authorizationType: appsync.AuthorizationType.IAM }],
      },
      // The local host enforces the same numbers (infra/local/appsync-limits.ts).
      queryDepthLimit: GRAPHQL_LIMITS.queryDepth,
      resolverCountLimit: GRAPHQL_LIMITS.resolverCount,
      introspectionConfig: props.introspection ? appsync.IntrospectionConfig.ENABLED : appsync.IntrospectionConfig.DISABLED,
      xrayEnabled: true,
    });
    const cfnApi = this.api.node.defaultChild as appsync.CfnGraphQLApi;
    // Resolver errors, without the verbose content (request headers, arguments, resolver contexts): that
    // would write access tokens and passwords (changePassword's arguments) to the log. Set on the
    // CloudFormation resource: the construct's logConfig would add a LogRetention custom resource (a
    // Lambda with AWSLambdaBasicExecutionRole and logs:* on every log group) where the log group below serves.
    cfnApi.logConfig = {
      fieldLogLevel: appsync.FieldLogLevel.ERROR,
      excludeVerboseContent: true,
      cloudWatchLogsRoleArn: logsRole.roleArn,
    };
    acknowledge(
      this.api,
      'ASC3',
      'Field logging is on at ERROR level with a log role; only the verbose content is excluded, which would log the Authorization header (access tokens) and the arguments of mutations (passwords of changePassword, phone codes).',
    );
    // The log group AppSync writes to, made by the stack with its retention (no LogRetention custom resource).
    const logGroup = new logs.LogGroup(this, 'Logs', {
      logGroupName: `/aws/appsync/apis/${this.api.apiId}`,
      retention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    logGroup.grantWrite(logsRole);
    this.graphqlUrl = this.api.graphqlUrl;
    this.graphqlHost = cfnApi.attrGraphQlDns;
    this.realtimeHost = cfnApi.attrRealtimeDns;

    const declared = schemaFields(readFileSync(schemaPath, 'utf8'));
    const code = appsync.Code.fromInline(readFileSync(RESOLVER_CODE_PATH, 'utf8'));
    const seen = new Set<string>();
    for (const capability of props.capabilities) {
      const dataSource = this.api.addLambdaDataSource(`${constructIdOf(capability.name)}DataSource`, capability.fn, {
        description: `Lambda of the ${capability.name} capability`,
      });
      acknowledgeWildcardResources(
        dataSource,
        [`${capability.fn.functionArn}:*`],
        `lambda:InvokeFunction on the versions and aliases (ARN:*) of the ${capability.name} Lambda only, the data source's own function (CDK's grantInvoke).`,
      );
      for (const field of capability.fields) {
        const { typeName, fieldName } = splitField(field);
        if (seen.has(field)) throw new Error(`Field ${field} is listed twice in the catalog`);
        seen.add(field);
        if (!declared.has(field)) {
          Annotations.of(this).addError(`The catalog lists ${field} (capability ${capability.name}) but the schema has no such field`);
        }
        dataSource.createResolver(`${typeName}${constructIdOf(fieldName)}Resolver`, {
          typeName,
          fieldName,
          runtime: appsync.FunctionRuntime.JS_1_0_0,
          code,
          // resolver-code.js sends BatchInvoke for these; AppSync then needs the batch size.
          ...(ROOT_TYPES.includes(typeName) ? {} : { maxBatchSize: props.maxBatchSize ?? FIELD_RESOLVER_MAX_BATCH_SIZE }),
        });
      }
    }

    const events = this.api.addNoneDataSource('ServerEventsDataSource', { description: 'Relays server events to their subscriptions' });
    const publishCode = appsync.Code.fromInline(readFileSync(PUBLISH_RESOLVER_CODE_PATH, 'utf8'));
    for (const { mutation } of Object.values(SERVER_EVENTS)) {
      if (!declared.has(`Mutation.${mutation}`)) Annotations.of(this).addError(`Server event mutation ${mutation} is not in the schema`);
      events.createResolver(`Mutation${constructIdOf(mutation)}Resolver`, {
        typeName: 'Mutation',
        fieldName: mutation,
        runtime: appsync.FunctionRuntime.JS_1_0_0,
        code: publishCode,
      });
    }
  }

  /** wss://<realtime host>/graphql */
  get realtimeUrl(): string {
    return Fn.join('', ['wss://', this.realtimeHost, '/graphql']);
  }
}
