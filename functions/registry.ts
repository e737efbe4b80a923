/**
 * Handler entry convention: each resource of shared/routes/catalogue.ts is one folder here with a
 * `handler.ts` that exports `handler` (API Gateway HTTP API payload 2.0 in, structured result out). The
 * CDK stack bundles `functions/<resource>/handler.ts` as one Lambda; the local gateway imports the same
 * file. Event-bus targets (shared/events/catalogue.ts `target`) follow the same convention with an
 * EventBridge event as input (through functions/lib/event-pipeline.ts), and so does the event forwarder
 * (functions/event-forwarder: the table's stream in, the outbox's events onto the bus).
 */
export function handlerEntry(resource: string): string {
  return `functions/${resource}/handler.ts`;
}
