import { App } from 'aws-cdk-lib';
import { PlatformStack } from './stack';

/** `cdk deploy -c stage=production`: one stack per stage. */
const app = new App();
const stage = (app.node.tryGetContext('stage') as string | undefined) ?? 'dev';
new PlatformStack(app, `LearningPlatform-${stage}`, {
  stage,
  mailFrom: (app.node.tryGetContext('mailFrom') as string | undefined) ?? 'no-reply@example.com',
  defaultTenantKey: (app.node.tryGetContext('defaultTenantKey') as string | undefined) ?? 'demo',
  tenantOrigins: ((app.node.tryGetContext('tenantOrigins') as string | undefined) ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean),
  siteCertificateArn: app.node.tryGetContext('siteCertificateArn') as string | undefined,
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
});
app.synth();
