/** The name under which every AWS SDK v3 client stacks its logger middleware. */
export const SDK_LOGGER_MIDDLEWARE = 'loggerMiddleware';

/**
 * Takes the SDK's logger middleware off a client. It runs every request and answer through the SDK's
 * sensitive-data filter, field by field, to hand them to a logger that discards them (the pipeline logs
 * requests itself): about 3 ms of CPU per large DynamoDB answer, and in a 500-connection fan-out the
 * largest share of each PostToConnection's CPU after the signing. Returns the client, for chaining.
 */
export function withoutSdkLogging<Client extends { middlewareStack: { remove(name: string): boolean } }>(
  client: Client,
): Client {
  client.middlewareStack.remove(SDK_LOGGER_MIDDLEWARE);
  return client;
}
