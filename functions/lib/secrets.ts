import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
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
    ssm ??= new SSMClient({ region: config().AWS_REGION });
    pending = ssm
      .send(new GetParameterCommand({ Name: parameterName, WithDecryption: true }))
      .then(({ Parameter }) => {
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
