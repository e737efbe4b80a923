import type { Context } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';
import { socketConnectionsRepository } from '../repositories/socket-connections';
import { handler } from './handler';
import type { ConnectAuthorizerEvent, RealtimeEvent, RealtimeRequestContext } from './handshake';

const requestContext = (routeKey: string, authorizer?: Record<string, unknown>): RealtimeRequestContext => ({
  routeKey,
  eventType: routeKey === '$connect' ? 'CONNECT' : routeKey === '$disconnect' ? 'DISCONNECT' : 'MESSAGE',
  connectionId: 'c1=',
  connectedAt: 0,
  domainName: 'abc.execute-api.local',
  stage: 'live',
  apiId: 'abc',
  requestId: 'r1',
  extendedRequestId: 'r1',
  messageDirection: 'IN',
  messageId: 'm1',
  requestTime: '',
  requestTimeEpoch: 0,
  ...(authorizer ? { authorizer } : {}),
});
const event = (routeKey: string, authorizer?: Record<string, unknown>): RealtimeEvent => ({
  requestContext: requestContext(routeKey, authorizer),
  isBase64Encoded: false,
});
const context: Context = {
  callbackWaitsForEmptyEventLoop: false,
  functionName: 'realtime',
  functionVersion: '$LATEST',
  invokedFunctionArn: 'arn:aws:lambda:local-1:000000000000:function:realtime',
  memoryLimitInMB: '1024',
  awsRequestId: 'a1',
  logGroupName: '/aws/lambda/realtime',
  logStreamName: 'test',
  getRemainingTimeInMillis: () => 29_000,
  done: () => undefined,
  fail: () => undefined,
  succeed: () => undefined,
};

describe('realtime handler', () => {
  it('refuses $connect when no authorizer vouched for the connection (closed, not open, if misconfigured)', async () => {
    // Prepare
    const unvouched = event('$connect');
    const vouched = event('$connect', {
      principalId: 'u1',
      tenant: 'demo',
      userId: 'u1',
      adminMode: 'false',
    });

    const stored = vi.spyOn(socketConnectionsRepository, 'putConnection').mockResolvedValue();

    // Act
    const results = [await handler(unvouched, context), await handler(vouched, context)];

    // Assess: only the vouched connection is stored, bound to the authorizer's tenant and user.
    expect(results).toEqual([{ statusCode: 401 }, { statusCode: 200 }]);
    expect(stored.mock.calls).toEqual([
      [
        'demo',
        { connectionId: 'c1=', userId: 'u1', adminMode: false, connectedAt: new Date(0).toISOString() },
      ],
    ]);
    stored.mockRestore();
  });

  it('denies, before any other check, an adminMode that is neither true nor false', async () => {
    // Prepare
    const authorizerEvent: ConnectAuthorizerEvent = {
      type: 'REQUEST',
      methodArn: 'arn:aws:execute-api:local-1:000000000000:abc/live/$connect',
      queryStringParameters: { token: 'whatever', adminMode: 'yes' },
      requestContext: requestContext('$connect'),
    };

    // Act
    const result = await handler(authorizerEvent, context);

    // Assess
    expect(result).toMatchObject({
      policyDocument: { Statement: [{ Effect: 'Deny', Resource: authorizerEvent.methodArn }] },
    });
  });
});
