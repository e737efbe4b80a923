import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';

const noop = () => undefined;

/**
 * A Lambda-like context for handlers run by the local gateways and bus. A class, so that one is cheap to
 * make per request (its methods are shared, not closures made for each).
 */
class LocalLambdaContext implements Context {
  readonly callbackWaitsForEmptyEventLoop = false;
  readonly functionVersion = '$LATEST';
  readonly memoryLimitInMB = '1024';
  readonly logStreamName = 'local';
  readonly awsRequestId = randomUUID();
  readonly done = noop;
  readonly fail = noop;
  readonly succeed = noop;
  private readonly deadline: number;

  constructor(
    readonly functionName: string,
    timeoutMs: number,
  ) {
    this.deadline = Date.now() + timeoutMs;
  }

  get invokedFunctionArn(): string {
    return `arn:aws:lambda:local-1:000000000000:function:${this.functionName}`;
  }

  get logGroupName(): string {
    return `/aws/lambda/${this.functionName}`;
  }

  getRemainingTimeInMillis(): number {
    return Math.max(0, this.deadline - Date.now());
  }
}

export function lambdaContext(functionName: string, timeoutMs = 29_000): Context {
  return new LocalLambdaContext(functionName, timeoutMs);
}
