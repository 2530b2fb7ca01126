// The access logs of the site: one private, encrypted bucket that receives the S3 server access logs of
// the stack's buckets (web app, files, public files) and CloudFront's standard logs, each under a prefix
// of its own, and deletes them after ACCESS_LOG_DAYS (they hold visitors' IP addresses: personal
// information under Quebec's Law 25, kept no longer than an investigation needs).

import { Duration } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { acknowledge } from './audit';

/** How long an access log is kept. */
export const ACCESS_LOG_DAYS = 90;

/** The key prefix of each source's logs in the bucket. */
export const ACCESS_LOG_PREFIXES = {
  cloudFront: 'cloudfront/',
  webBucket: 's3/web/',
  filesBucket: 's3/files/',
  publicFilesBucket: 's3/public-files/',
} as const;

export class AccessLogs extends Construct {
  readonly bucket: s3.Bucket;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      // SSE-S3: the only encryption both S3 server access logging and CloudFront's standard logs write to.
      encryption: s3.BucketEncryption.S3_MANAGED,
      // CloudFront's standard logs are delivered with an ACL (its awslogsdelivery account): ACLs must be
      // enabled, and the bucket owner still owns every object. S3's own logs arrive by the bucket policy
      // CDK writes (@aws-cdk/aws-s3:serverAccessLogsUseBucketPolicy).
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(ACCESS_LOG_DAYS), abortIncompleteMultipartUploadAfter: Duration.days(1) }],
    });
    acknowledge(
      this.bucket,
      'S1',
      'The access log bucket is the sink of the access logs: logging its own accesses to itself would loop, and into another bucket would need a sink without logs again.',
    );
  }
}
