import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Aws, Duration, RemovalPolicy } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Function as CloudFrontFunction,
  Distribution,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  KeyValueStore,
  ResponseHeadersPolicy,
  S3OriginAccessControl,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { BlockPublicAccess, Bucket, BucketEncryption } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';

const webDist = resolve(import.meta.dirname, '../../web/dist');

/**
 * Viewer-request function (infra/cloud/edge-routing.js): `/` goes to the portal; `/sitemap.xml` is the
 * Host's tenant's sitemap; a path with a redirection in the KeyValueStore is redirected; portal paths
 * without a file extension are the SPA's own routes, served by index.html. Doing this here (rather than
 * turning every S3 403/404 into index.html) keeps a missing asset a real 404.
 */
export function edgeRoutingCode(): string {
  return readFileSync(resolve(import.meta.dirname, 'edge-routing.js'), 'utf8');
}

/** The tenants' own site domains the distribution answers for, with their certificate. */
export interface SiteDomains {
  /** Host names (learn.example.com): each is a tenant's `domain` in its tenant record. */
  names: string[];
  /** An ACM certificate in us-east-1 covering every name (CloudFront only reads certificates there). */
  certificateArn: string;
}

/**
 * The host names of the tenants' site origins, for the distribution's alternate domain names: the edge
 * function keys redirections and sitemaps by the request's Host, so a tenant's redirects and its
 * /sitemap.xml are served on its own domain (the distribution's *.cloudfront.net address serves the SPA
 * and the default tenant's API, but no tenant's redirects or sitemap).
 */
export function siteDomainNames(origins: string[]): string[] {
  return [...new Set(origins.map((origin) => new URL(origin).hostname.toLowerCase()))];
}

/**
 * The SPA: a private bucket behind CloudFront (origin access control), under /learning-portal/. With
 * `uploadsBucketName`, uploaded files are served from that private bucket at /uploads/* too (same origin
 * access control, same security headers; `nosniff` keeps a file from being run as another type). With
 * `domains`, the distribution also answers on the tenants' own domains.
 */
export function createWebsite(
  scope: Construct,
  stage: string,
  options: { uploadsBucketName?: string; domains?: SiteDomains } = {},
) {
  const production = stage === 'production';
  const bucket = new Bucket(scope, 'SiteBucket', {
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    enforceSSL: true,
    encryption: BucketEncryption.S3_MANAGED,
    removalPolicy: production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    autoDeleteObjects: !production,
  });
  const headers = new ResponseHeadersPolicy(scope, 'SecurityHeaders', {
    securityHeadersBehavior: {
      strictTransportSecurity: {
        accessControlMaxAge: Duration.days(730),
        includeSubdomains: true,
        preload: true,
        override: true,
      },
      contentTypeOptions: { override: true },
      frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
      referrerPolicy: {
        referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
        override: true,
      },
      xssProtection: { protection: true, modeBlock: true, override: true },
      contentSecurityPolicy: {
        contentSecurityPolicy:
          "default-src 'self'; connect-src 'self' https: wss:; img-src 'self' data: https:; style-src 'self' 'unsafe-inline'; script-src 'self'; frame-ancestors 'none'; base-uri 'self'",
        override: true,
      },
    },
  });
  // Redirections by `<domain><path>`, written by the redirect-edge function (functions/redirect-edge).
  const redirects = new KeyValueStore(scope, 'Redirects', {
    comment: 'Redirections: <domain><path> -> target',
  });
  const routing = new CloudFrontFunction(scope, 'SpaRouting', {
    code: FunctionCode.fromInline(edgeRoutingCode()),
    runtime: FunctionRuntime.JS_2_0,
    keyValueStore: redirects,
  });
  const originAccessControl = new S3OriginAccessControl(scope, 'OriginAccessControl');
  // Referenced by name: the uploads bucket's CORS names this distribution, so it cannot be a dependency.
  const uploads = options.uploadsBucketName
    ? Bucket.fromBucketAttributes(scope, 'UploadsOriginBucket', {
        bucketName: options.uploadsBucketName,
        region: Aws.REGION,
      })
    : undefined;
  const domains = options.domains?.names.length ? options.domains : undefined;
  const distribution = new Distribution(scope, 'Distribution', {
    ...(domains
      ? {
          domainNames: domains.names,
          certificate: Certificate.fromCertificateArn(scope, 'SiteCertificate', domains.certificateArn),
        }
      : {}),
    ...(uploads
      ? {
          additionalBehaviors: {
            '/uploads/*': {
              origin: S3BucketOrigin.withOriginAccessControl(uploads, { originAccessControl }),
              viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
              allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
              cachePolicy: CachePolicy.CACHING_OPTIMIZED,
              responseHeadersPolicy: headers,
            },
          },
        }
      : {}),
    defaultBehavior: {
      origin: S3BucketOrigin.withOriginAccessControl(bucket, { originAccessControl }),
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      responseHeadersPolicy: headers,
      functionAssociations: [{ function: routing, eventType: FunctionEventType.VIEWER_REQUEST }],
    },
  });
  return { bucket, distribution, redirects };
}

/**
 * The site settings' functions reach the site: the sitemap function writes under `sitemaps/` of the
 * site bucket, and the redirect-edge function writes the redirections' KeyValueStore (the writers of
 * redirections tell it through their RedirectionChanged events).
 */
export function grantSiteSettings(
  site: ReturnType<typeof createWebsite>,
  sitemap: NodejsFunction,
  redirectEdge: NodejsFunction,
) {
  site.bucket.grantPut(sitemap, 'sitemaps/*');
  sitemap.addEnvironment('SITE_BUCKET', site.bucket.bucketName);
  redirectEdge.addToRolePolicy(
    new PolicyStatement({
      actions: [
        'cloudfront-keyvaluestore:DescribeKeyValueStore',
        'cloudfront-keyvaluestore:PutKey',
        'cloudfront-keyvaluestore:DeleteKey',
        // the daily reconcile (functions/redirect-edge/reconcile.ts) reads every key and writes in batches
        'cloudfront-keyvaluestore:ListKeys',
        'cloudfront-keyvaluestore:UpdateKeys',
      ],
      resources: [site.redirects.keyValueStoreArn],
    }),
  );
  redirectEdge.addEnvironment('REDIRECTS_KVS_ARN', site.redirects.keyValueStoreArn);
}

/** Uploads the built SPA (when `npm run build` has made web/dist) and its config.json. */
export function deployWebsite(
  scope: Construct,
  site: ReturnType<typeof createWebsite>,
  runtimeConfig: { apiUrl: string; wsUrl: string; stage: string },
) {
  const sources = [Source.jsonData('config.json', runtimeConfig)];
  if (existsSync(webDist)) sources.unshift(Source.asset(webDist));
  new BucketDeployment(scope, 'SiteDeployment', {
    destinationBucket: site.bucket,
    destinationKeyPrefix: 'learning-portal/',
    sources,
    distribution: site.distribution,
    distributionPaths: ['/learning-portal/*'],
    prune: false,
  });
}
