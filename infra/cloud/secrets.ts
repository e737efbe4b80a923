import { type IStringParameter, StringParameter } from 'aws-cdk-lib/aws-ssm';
import type { Construct } from 'constructs';

/**
 * Secrets live in SSM Parameter Store as SecureStrings, created out of band (see the README); the stack
 * only names them and grants reads. No secret value is ever in code or in the template.
 */
export interface Secrets {
  tokenSecret: IStringParameter;
  oauthClients: IStringParameter;
  stripeSecretKey: IStringParameter;
  stripeWebhookSecret: IStringParameter;
}

export function parameterName(stage: string, name: string): string {
  return `/learning-platform/${stage}/${name}`;
}

export function referenceSecrets(scope: Construct, stage: string): Secrets {
  const secure = (id: string, name: string) =>
    StringParameter.fromSecureStringParameterAttributes(scope, id, {
      parameterName: parameterName(stage, name),
    });
  return {
    tokenSecret: secure('TokenSecret', 'token-secret'),
    oauthClients: secure('OauthClients', 'oauth-clients'),
    stripeSecretKey: secure('StripeSecretKey', 'stripe-secret-key'),
    stripeWebhookSecret: secure('StripeWebhookSecret', 'stripe-webhook-secret'),
  };
}
