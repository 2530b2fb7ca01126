// The file store's buckets. Uploads arrive in the files bucket (presigned POST from the browser,
// hence its CORS rule), are checked, then stay there (private documents, read through presigned
// GET URLs; quarantine) or move to the public bucket, which only CloudFront reads (`/files/public/*`,
// web-hosting.ts). Two buckets rather than one so the CDN's read grant can never reach a private file.

import { Duration } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { fileAreaPrefix } from '@partage/functions/domain/files/file-keys';
import { ACCESS_LOG_PREFIXES } from './access-logs';

/** How long a quarantined file is kept for review. */
const QUARANTINE_DAYS = 30;
/**
 * Whatever stays under incoming/ this long goes: a presigned form can be posted again until it expires,
 * even after its file was confirmed and moved, and S3 cannot refuse the second post (the local host
 * does: infra/local/local-file-routes.ts). Beyond the day an upload has to be confirmed or purged.
 */
const INCOMING_DAYS = 2;

const privateBucketProps: s3.BucketProps = {
  blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
  enforceSSL: true,
  encryption: s3.BucketEncryption.S3_MANAGED,
  objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
};

export class FileStorage extends Construct {
  /** incoming/, private/, quarantine/ */
  readonly filesBucket: s3.Bucket;
  /** public/: checked images, served by CloudFront only. */
  readonly publicBucket: s3.Bucket;

  /** `accessLogs`: where S3 writes both buckets' server access logs (access-logs.ts). */
  constructor(scope: Construct, id: string, props: { accessLogs: s3.IBucket }) {
    super(scope, id);
    this.filesBucket = new s3.Bucket(this, 'FilesBucket', {
      ...privateBucketProps,
      serverAccessLogsBucket: props.accessLogs,
      serverAccessLogsPrefix: ACCESS_LOG_PREFIXES.filesBucket,
      // The browser posts the upload form straight to the bucket; the signed policy is the guard.
      cors: [{ allowedMethods: [s3.HttpMethods.POST], allowedOrigins: ['*'], allowedHeaders: ['*'], maxAge: 3600 }],
      lifecycleRules: [
        { prefix: fileAreaPrefix('quarantine'), expiration: Duration.days(QUARANTINE_DAYS) },
        { prefix: fileAreaPrefix('incoming'), expiration: Duration.days(INCOMING_DAYS) },
        { abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ],
    });
    this.publicBucket = new s3.Bucket(this, 'PublicFilesBucket', {
      ...privateBucketProps,
      serverAccessLogsBucket: props.accessLogs,
      serverAccessLogsPrefix: ACCESS_LOG_PREFIXES.publicFilesBucket,
    });
  }
}
