// The stack's audit (docs/operations.md, "The stack's audit"): cdk-nag's AwsSolutions pack over every
// stack. `cdk synth` and `cdk deploy` run it (app.ts registers it as a validation plugin: any finding not
// acknowledged stops the synthesis), and stack.test.ts runs it over the synthesised stacks of the test.
// Findings are fixed where the construct allows it; the others are acknowledged here and there with
// `Validations.of(construct).acknowledge`, on the narrowest construct, with the reason.

import { Stack, Validations, type IResolvable, type PolicyViolation } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { AwsSolutionsChecks } from 'cdk-nag';

/** One finding of the pack: its rule (with the finding, as `AwsSolutions-IAM5[Resource::…]`), level and constructs. */
export interface AuditFinding {
  rule: string;
  severity: string;
  paths: string[];
}

/** The findings of the AwsSolutions pack in a scope (a stack), acknowledged ones left out. */
export function auditFindings(scope: IConstruct): AuditFinding[] {
  const report = new AwsSolutionsChecks().validateScope(scope);
  return report.violations.map((violation: PolicyViolation) => ({
    rule: violation.ruleName,
    severity: violation.severity ?? 'error',
    paths: violation.violatingResources.map((resource) => resource.constructPath ?? '?'),
  }));
}

/** Registers the pack on an app: a finding not acknowledged fails `cdk synth` (and deploy) with its report. */
export function auditApp(app: IConstruct): void {
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
}

/** Acknowledges one rule of the pack on a construct (and what it contains), with the reason. */
export function acknowledge(scope: IConstruct, rule: string, reason: string): void {
  Validations.of(scope).acknowledge({ id: `AwsSolutions-${rule}`, reason });
}

/**
 * How cdk-nag names a resource of an IAM statement in an AwsSolutions-IAM5 finding: references flattened
 * (`<LogicalId.Arn>`, `<LogicalId>`, `Fn::Join` joined), as its flattenCfnReference does.
 */
function flattenReference(value: unknown): string {
  if (typeof value === 'string') return value.replace(/\$\{/g, '<').replace(/\}/g, '>');
  if (value && typeof value === 'object') {
    const node = value as Record<string, unknown>;
    if (Array.isArray(node['Fn::Join'])) {
      const [delimiter, items] = node['Fn::Join'] as [string, unknown[]];
      return items.map(flattenReference).join(delimiter);
    }
    if (Array.isArray(node['Fn::GetAtt'])) {
      const [resource, attribute] = node['Fn::GetAtt'] as [unknown, unknown];
      return `<${flattenReference(resource)}.${flattenReference(attribute)}>`;
    }
    if ('Fn::Sub' in node) return flattenReference(node['Fn::Sub']);
    if ('Ref' in node) return `<${flattenReference(node.Ref)}>`;
  }
  return JSON.stringify(value);
}

/**
 * Acknowledges AwsSolutions-IAM5 for exactly these wildcard resources (ARNs as the statements carry them,
 * tokens allowed) on a role or policy: any other wildcard in it is still reported.
 */
export function acknowledgeWildcardResources(scope: IConstruct, resources: (string | IResolvable)[], reason: string): void {
  const stack = Stack.of(scope);
  for (const resource of new Set(resources.map((arn) => flattenReference(stack.resolve(arn))))) {
    acknowledge(scope, `IAM5[Resource::${resource}]`, reason);
  }
}

/** Acknowledges AwsSolutions-IAM5 for exactly these wildcard actions (`s3:GetObject*`) on a role or policy. */
export function acknowledgeWildcardActions(scope: IConstruct, actions: string[], reason: string): void {
  for (const action of actions) acknowledge(scope, `IAM5[Action::${action}]`, reason);
}

/** One acknowledgement recorded in a scope: where, which rule (with its finding), why. */
export interface AuditAcknowledgement {
  path: string;
  rule: string;
  reason: string;
}

/** Every acknowledgement recorded on the constructs of a scope (the audit's inventory, docs/operations.md). */
export function auditAcknowledgements(scope: IConstruct): AuditAcknowledgement[] {
  return scope.node.findAll().flatMap((construct) =>
    construct.node.metadata
      .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((entry) =>
        Object.entries(entry.data as Record<string, string>).map(([id, reason]) => ({
          path: construct.node.path,
          rule: id.replace(/^annotation::/i, ''),
          reason,
        })),
      ),
  );
}
