// The Node.js the Lambdas run on: the esbuild target of every bundle (infra/aws/lambdas.ts, the bundle
// benchmark, the bundling tests). Keep it in step with LAMBDA_RUNTIME there, .nvmrc and `engines`.
export const LAMBDA_NODE_TARGET = 'node24';
