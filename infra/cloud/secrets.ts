import { type IStringParameter, StringParameter } from 'aws-cdk-lib/aws-ssm';
import type { Construct } from 'constructs';

/**
 * Secrets live in SSM Parameter Store as SecureStrings, created out of band (see the README); the stack
 * only names them and grants reads. No secret value is ever in code or in the template.
 */
export interface Secrets {
  tokenSecret: IStringParameter;
  oauthClients: IStringParameter;
}

export function parameterName(stage: string, name: string): string {
  return `/learning-platform/${stage}/${name}`;
}

/**
 * Where each school's Stripe settings live: `<prefix>/<tenant key>/stripe`, a SecureString holding its
 * own account's secret key and webhook secret (functions/payments/stripe-settings.ts).
 */
export function stripeSettingsPrefix(stage: string): string {
  return parameterName(stage, 'tenants');
}

/**
 * Where each school's meeting credentials live: `<prefix>/<tenant key>/zoom` and `.../teams`, SecureStrings
 * (functions/lib/meeting-providers/provider.ts).
 */
export function meetingSettingsPrefix(stage: string): string {
  return parameterName(stage, 'tenants');
}

export function referenceSecrets(scope: Construct, stage: string): Secrets {
  const secure = (id: string, name: string) =>
    StringParameter.fromSecureStringParameterAttributes(scope, id, {
      parameterName: parameterName(stage, name),
    });
  return {
    tokenSecret: secure('TokenSecret', 'token-secret'),
    oauthClients: secure('OauthClients', 'oauth-clients'),
  };
}
