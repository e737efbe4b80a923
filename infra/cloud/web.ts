import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import {
  Function as CloudFrontFunction,
  Distribution,
  FunctionCode,
  FunctionEventType,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';

const webDist = resolve(import.meta.dirname, '../../web/dist');

/**
 * Viewer-request function: `/` goes to the portal, and portal paths without a file extension are the SPA's
 * own routes, served by index.html. Doing this here (rather than turning every S3 403/404 into index.html)
 * keeps a missing asset a real 404 and leaves room for other paths (sitemap.xml, redirections).
 */
const spaRouting = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (uri === '/' || uri === '/learning-portal') {
    return { statusCode: 301, statusDescription: 'Moved Permanently', headers: { location: { value: '/learning-portal/' } } };
  }
  if (uri.indexOf('/learning-portal/') === 0 && uri.split('/').pop().indexOf('.') === -1) {
    request.uri = '/learning-portal/index.html';
  }
  return request;
}`;

/** The SPA: a private bucket behind CloudFront (origin access control), under /learning-portal/. */
export function createWebsite(scope: Construct, stage: string) {
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
  const routing = new CloudFrontFunction(scope, 'SpaRouting', { code: FunctionCode.fromInline(spaRouting) });
  const distribution = new Distribution(scope, 'Distribution', {
    defaultBehavior: {
      origin: S3BucketOrigin.withOriginAccessControl(bucket),
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      responseHeadersPolicy: headers,
      functionAssociations: [{ function: routing, eventType: FunctionEventType.VIEWER_REQUEST }],
    },
  });
  return { bucket, distribution };
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
