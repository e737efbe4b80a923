import { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { describe, expect, it } from 'vitest';
import { SDK_LOGGER_MIDDLEWARE, withoutSdkLogging } from './sdk-logging';

const hasLogger = (names: string[]) => names.some((name) => name.startsWith(`${SDK_LOGGER_MIDDLEWARE} `));

describe('withoutSdkLogging', () => {
  it.each([
    [
      'the management API (every WebSocket post)',
      () => new ApiGatewayManagementApiClient({ endpoint: 'http://localhost:1', region: 'local-1' }),
    ],
    ['EventBridge (every outbox event)', () => new EventBridgeClient({ region: 'local-1' })],
  ])('takes the logger middleware off %s and leaves the rest of its stack', (_, make) => {
    // Prepare
    const plain = make();
    const before = plain.middlewareStack.identify();
    expect(hasLogger(before)).toBe(true);

    // Act
    const client = withoutSdkLogging(plain);

    // Assess
    const after = client.middlewareStack.identify();
    expect(hasLogger(after)).toBe(false);
    expect(after).toHaveLength(before.length - 1);
    client.destroy();
  });
});
