import type { SSMClient } from '@aws-sdk/client-ssm';
import { config } from './config';

let ssm: SSMClient | undefined;
const loaded = new Map<string, Promise<string>>();

/**
 * A secret setting: its value from the environment (the local stack), or else from the SSM SecureString
 * named by `<NAME>_PARAMETER` (the cloud stack), read once per container.
 */
export function secretSetting(
  value: string | undefined,
  parameterName: string | undefined,
  label: string,
): Promise<string> {
  if (value !== undefined) return Promise.resolve(value);
  if (!parameterName) return Promise.reject(new Error(`${label} is not configured`));
  let pending = loaded.get(parameterName);
  if (!pending) {
    // Loaded on first use: functions running locally (or never needing a secret) skip the SSM client.
    pending = import('@aws-sdk/client-ssm').then(async ({ GetParameterCommand, SSMClient }) => {
      ssm ??= new SSMClient({ region: config().AWS_REGION });
      const { Parameter } = await ssm.send(
        new GetParameterCommand({ Name: parameterName, WithDecryption: true }),
      );
      if (!Parameter?.Value) throw new Error(`${label} parameter ${parameterName} is empty`);
      return Parameter.Value;
    });
    pending.catch(() => loaded.delete(parameterName));
    loaded.set(parameterName, pending);
  }
  return pending;
}

export function resetSecrets(): void {
  loaded.clear();
  ssm = undefined;
}
