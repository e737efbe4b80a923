import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { routes as declaredRoutes } from '../../shared/routes/catalogue';
import type { RouteDef } from '../../shared/routes/define';
import { createHttpApi } from './api';
import { createDeadLetterQueue, createEventBus, createEventForwarder, createEventRules } from './events';
import { pascal, ResourceFunctions } from './functions';
import { Observability } from './observability';
import { createWebSocketApi } from './realtime';
import { referenceSecrets } from './secrets';
import { createTable } from './storage';
import {
  allowDistributionReads,
  createUploadsBucket,
  grantUploads,
  UPLOADS_RESOURCE,
  uploadsBucketName,
} from './uploads';
import { createWebsite, deployWebsite, grantSiteSettings, siteDomainNames } from './web';

export interface PlatformStackProps extends StackProps {
  stage: string;
  /** Sender of the platform's e-mail: a verified SES identity. */
  mailFrom: string;
  defaultTenantKey: string;
  /** White-label tenants' own site origins (https://...), allowed by CORS next to CloudFront's. */
  tenantOrigins: string[];
  /**
   * An ACM certificate (us-east-1) for the tenant origins' host names: with it, the distribution serves
   * the SPA, each tenant's redirections and its sitemap on those domains.
   */
  siteCertificateArn?: string;
  /** The HTTP routes; by default the catalogue's (tests add routes to project the templates' growth). */
  routes?: readonly RouteDef[];
}

/**
 * The whole platform in one deployment, split per concern like SST's infra/ folder: this stack holds what
 * is shared (table, bus, buckets, site, both APIs, event rules, the functions without HTTP routes), and
 * each resource with HTTP routes is a nested stack with its Lambda and its routes (infra/cloud/functions.ts
 * says why), which `cdk deploy` deploys with it.
 */
export class PlatformStack extends Stack {
  constructor(scope: Construct, id: string, props: PlatformStackProps) {
    super(scope, id, props);
    const { stage } = props;
    const routes = props.routes ?? declaredRoutes;

    const table = createTable(this, stage);
    const bus = createEventBus(this, stage);
    const secrets = referenceSecrets(this, stage);
    const site = createWebsite(this, stage, {
      uploadsBucketName: uploadsBucketName(stage),
      ...(props.siteCertificateArn
        ? {
            domains: {
              names: siteDomainNames(props.tenantOrigins),
              certificateArn: props.siteCertificateArn,
            },
          }
        : {}),
    });
    const webOrigin = `https://${site.distribution.distributionDomainName}`;
    const uploads = createUploadsBucket(this, stage, [webOrigin, ...props.tenantOrigins]);
    allowDistributionReads(uploads, site.distribution);

    const functions = new ResourceFunctions(this, 'Functions', {
      stage,
      table,
      secrets,
      httpResources: new Set(routes.map((route) => route.resource)),
      environment: {
        STAGE: stage === 'production' || stage === 'alpha' || stage === 'test' ? stage : 'test',
        TABLE_NAME: table.tableName,
        MAIL_ADAPTER: 'ses',
        MAIL_FROM: props.mailFrom,
        WEB_ORIGIN: webOrigin,
        DEFAULT_TENANT_KEY: props.defaultTenantKey,
        LOG_LEVEL: 'INFO',
      },
    });
    const realtime = createWebSocketApi(this, functions);
    const api = createHttpApi(this, functions, routes, [webOrigin, ...props.tenantOrigins]);
    const deadLetters = createDeadLetterQueue(this);
    const forwarder = createEventForwarder(this, { stage, table, bus, deadLetters });
    createEventRules(this, bus, functions, deadLetters);
    grantSiteSettings(site, functions.get('sitemap'), functions.get('redirect-edge'));
    grantUploads(functions.get(UPLOADS_RESOURCE), uploads, `${webOrigin}/uploads`);

    // Functions that fan out to WebSocket connections reach them through the stage's management endpoint.
    const managementEndpoint = realtime.stage.callbackUrl;
    // The waiting room's calls (start-meeting, notify-user-waiting, joins) push the meeting to its room.
    realtime.stage.grantManagementApiAccess(functions.get('meetings'));
    // A new notification is pushed to its user's open connections (functions/notifications).
    realtime.stage.grantManagementApiAccess(functions.get('notifications'));
    // Links that open on the API itself (the calendar feed) are built on its endpoint, never on a Host header.
    for (const fn of functions.all()) {
      fn.addEnvironment('WS_MANAGEMENT_ENDPOINT', managementEndpoint);
      fn.addEnvironment('API_URL', api.apiEndpoint);
    }

    deployWebsite(this, site, { apiUrl: api.apiEndpoint, wsUrl: realtime.stage.url, stage });

    // Every user-facing failure has an alarm with a runbook entry, and the stage a dashboard.
    const observability = new Observability(this, 'Observability', { stage });
    observability.watchHttpApi(api);
    observability.watchWebSocket(realtime.api, realtime.stage);
    observability.watchTable(table);
    observability.watchEvents(deadLetters, forwarder);
    for (const [resource, fn] of functions.entries()) {
      observability.watchFunction(functions.home(resource), pascal(resource), fn);
    }
    observability.watchFunction(this, forwarder.node.id, forwarder);
    observability.dashboard({ httpApi: api, webSocket: realtime, table });

    new CfnOutput(this, 'ApiUrl', { value: api.apiEndpoint });
    new CfnOutput(this, 'WebSocketUrl', { value: realtime.stage.url });
    new CfnOutput(this, 'UploadsBucketName', { value: uploads.bucketName });
    new CfnOutput(this, 'SiteUrl', { value: `${webOrigin}/learning-portal/` });
    // `npm run tenant` writes new schools into this table (TABLE_NAME).
    new CfnOutput(this, 'TableName', { value: table.tableName });
    new CfnOutput(this, 'AlarmTopicArn', { value: observability.topic.topicArn });
  }
}
