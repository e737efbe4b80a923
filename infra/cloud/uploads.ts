import { Aws, Duration, RemovalPolicy } from 'aws-cdk-lib';
import type { Distribution } from 'aws-cdk-lib/aws-cloudfront';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { S3_KEY_PREFIX } from '../../shared/rules/uploads';

/** The resource whose Lambda presigns uploads (shared/routes/uploads.ts). */
export const UPLOADS_RESOURCE = 'uploads';

/**
 * The bucket's name is fixed by stage, account and region rather than generated: CloudFront must name the
 * bucket as its origin while the bucket's CORS names CloudFront's domain, and a generated name would make
 * that a dependency cycle.
 */
export function uploadsBucketName(stage: string): string {
  const safeStage = stage
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '-')
    .slice(0, 16);
  return `lp-uploads-${safeStage}-${Aws.ACCOUNT_ID}-${Aws.REGION}`;
}

/**
 * Uploaded files (spec 001 section 5). Private and encrypted; browsers PUT to it only through presigned
 * URLs from the SPA's origins (CORS), and read files through CloudFront at /uploads/* (origin access
 * control), never from the bucket directly. Decision: files are served at a stable CloudFront URL rather
 * than through presigned GETs, because a resource's URL is stored in the section and must not expire; the
 * URL is unlisted (tenant, uploader id and a millisecond timestamp in the key) but not secret.
 */
export function createUploadsBucket(scope: Construct, stage: string, corsOrigins: string[]): Bucket {
  const production = stage === 'production';
  return new Bucket(scope, 'UploadsBucket', {
    bucketName: uploadsBucketName(stage),
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    encryption: BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    cors: [
      {
        allowedMethods: [HttpMethods.PUT],
        allowedOrigins: corsOrigins,
        allowedHeaders: ['content-type'],
        exposedHeaders: ['etag'],
        maxAge: 600,
      },
    ],
    // A browser upload that dies halfway leaves parts that are billed until aborted.
    lifecycleRules: [{ abortIncompleteMultipartUploadAfter: Duration.days(1) }],
    removalPolicy: production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    autoDeleteObjects: !production,
  });
}

/** CloudFront (this distribution only) may read the files under uploads/. */
export function allowDistributionReads(bucket: Bucket, distribution: Distribution): void {
  bucket.addToResourcePolicy(
    new PolicyStatement({
      principals: [new ServicePrincipal('cloudfront.amazonaws.com')],
      actions: ['s3:GetObject'],
      resources: [bucket.arnForObjects(`${S3_KEY_PREFIX}*`)],
      conditions: {
        StringEquals: {
          'AWS:SourceArn': `arn:${Aws.PARTITION}:cloudfront::${Aws.ACCOUNT_ID}:distribution/${distribution.distributionId}`,
        },
      },
    }),
  );
}

/**
 * The uploads Lambda signs PUTs with its own role, so the role needs s3:PutObject (and GetObject, for
 * presigned reads later) on the uploads prefix, and nothing else on the bucket.
 */
export function grantUploads(fn: NodejsFunction, bucket: Bucket, publicBaseUrl: string): void {
  fn.addToRolePolicy(
    new PolicyStatement({
      actions: ['s3:PutObject', 's3:GetObject'],
      resources: [bucket.arnForObjects(`${S3_KEY_PREFIX}*`)],
    }),
  );
  fn.addEnvironment('FILE_STORAGE_ADAPTER', 's3');
  fn.addEnvironment('UPLOADS_BUCKET', bucket.bucketName);
  fn.addEnvironment('UPLOADS_PUBLIC_URL', publicBaseUrl);
}
