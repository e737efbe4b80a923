import { createHmac, randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { eventRules } from '../../shared/events/catalogue';
import { resources, routes } from '../../shared/routes/catalogue';
import {
  deleteTable,
  ensureTable,
  LOCAL_CREDENTIALS,
  LOCAL_REGION,
  startDynamoDbLocal,
  type TableItems,
} from './dynamodb';
import { startEventBus } from './event-bus';
import { startFakeStripe } from './fake-stripe';
import { moduleLoader } from './handler-loader';
import { type HttpGatewayOptions, startHttpGateway } from './http-gateway';
import { metricsCollector } from './metrics';
import { localSiteEdge } from './site-edge';
import { type StreamReader, startStreamReader } from './stream-reader';
import { localTokenSecret } from './token-secret';
import { startWeb } from './web';
import { attachWebSocketGateway, type WebSocketLimits } from './ws-gateway';

export interface LocalStackOptions {
  /** 0 or absent: a port the system gives. */
  apiPort?: number;
  webPort?: number;
  /**
   * The address the HTTP and WebSocket gateways and the SPA listen on: 127.0.0.1 (this machine only)
   * unless given (`LISTEN_HOST` for `npm start`).
   */
  host?: string;
  /**
   * Where DynamoDB Local keeps its file, the outbox its mails, the stack its token signing key, and the
   * stream reader its position in the table's stream.
   */
  dataDir?: string;
  /** Keep the database in memory (tests and benchmarks). */
  inMemory?: boolean;
  /**
   * A DynamoDB Local already running, and a new table to create in it and drop on stop (the tests run one
   * DynamoDB Local per worker and give each file its own table), instead of starting one.
   */
  database?: { endpoint: string; tableName: string };
  /** Items to fill the new table with (a copy of a seeded table) instead of running the seed. */
  items?: TableItems;
  /**
   * The SPA: on Vite's dev server (true: hot reload), a production build in `builtDir` served as CloudFront
   * would, or (`rebuildInto`) a production build made at start into that folder and remade on each change.
   */
  web?: boolean | { builtDir: string } | { rebuildInto: string };
  schedules?: boolean;
  /**
   * Seed the demo tenants (idempotent). 'lived-in' (`npm start`) also gives the demo tenant a term of
   * history once per data directory (functions/seed/history-seed.ts); the tests' seed is the plain demo.
   */
  seed?: boolean | 'lived-in';
  /**
   * Read the table's stream and put the outbox's events on the bus (default true). Off, events stay in the
   * stream until a stack on the same data directory reads it (the test of a crash before delivery).
   */
  deliverEvents?: boolean;
  /**
   * Load every resource's handler before answering (`npm start`): the first page a person opens then waits
   * for no module to load, as a warm Lambda would not. The tests load handlers as their requests need them.
   */
  preloadHandlers?: boolean;
  /**
   * Called once the servers listen, before the environment, the table and the seed are ready (requests
   * are answered 503 until then): `npm start` says where it will be; tests act in that window.
   */
  onListening?: (addresses: { apiUrl: string; wsUrl: string; webUrl?: string }) => void | Promise<void>;
  /** API Gateway's idle and longest connection times (10 minutes, 2 hours), shorter in the socket tests. */
  webSocketLimits?: Partial<WebSocketLimits>;
}

/** The answer (503) to every API request and WebSocket handshake until the stack is ready. */
export const STARTING_MESSAGE =
  'The platform is still starting (preparing its data). Please try again in a few seconds.';

const TABLE_NAME = 'learning-platform';
const EVENT_BUS_NAME = 'learning-platform';

/**
 * The whole platform on this machine: DynamoDB Local, the HTTP and WebSocket gateways, the event bus, the
 * SPA, all running the same handlers the CDK stack deploys. The environment is set before any handler is
 * imported, as Lambda would set it.
 */
export async function startLocalStack(options: LocalStackOptions = {}) {
  const dataDir = resolve(
    options.dataDir ?? (options.inMemory ? await mkdtemp(join(tmpdir(), 'lp-')) : '.data'),
  );
  const given = options.database;
  const tableName = given?.tableName ?? TABLE_NAME;
  const database: { endpoint: string; pid?: number | undefined; stop: () => Promise<void> } = given
    ? { endpoint: given.endpoint, stop: () => deleteTable(given.endpoint, tableName) }
    : await startDynamoDbLocal(options.inMemory ? {} : { dataDir: join(dataDir, 'dynamodb') });
  const loader = moduleLoader();
  const bus = await startEventBus({
    port: 0,
    busName: EVENT_BUS_NAME,
    rules: eventRules,
    loader,
    schedules: options.schedules ?? true,
  });
  const outboxDir = join(dataDir, 'outbox');
  const blobDir = join(dataDir, 'blobs');
  // Upload URLs live 15 minutes; a key per start is enough (a restart only voids unused upload URLs).
  const blobSigningKey = randomBytes(32).toString('hex');

  // The servers listen first, on the port asked for or one the system gives (0): a port picked free and
  // bound later can be taken in between, by any process's outgoing connection. Until the environment, the
  // table and the seed are ready, every request and handshake is answered 503: a sign-up in that window
  // would otherwise create an account before its role exists.
  let starting: string | undefined = STARTING_MESSAGE;
  const unavailable = () => starting;
  const metrics = metricsCollector();
  const gatewayOptions: HttpGatewayOptions = {
    unavailable,
    metrics,
    port: options.apiPort ?? 0,
    ...(options.host ? { host: options.host } : {}),
    routes,
    loader,
    outboxDir,
    blobs: { directory: blobDir, signingKey: blobSigningKey },
    allowOrigin: (origin) => {
      try {
        const host = new URL(origin).hostname;
        return host === 'localhost' || host === '127.0.0.1';
      } catch {
        return false;
      }
    },
  };
  const gateway = await startHttpGateway(gatewayOptions);
  const websocket = attachWebSocketGateway(gateway.server, loader, {
    unavailable,
    ...(options.webSocketLimits ? { limits: options.webSocketLimits } : {}),
  });
  const registry = websocket.registry;
  // The management API (@connections) on the HTTP port reaches the WebSocket connections.
  gatewayOptions.connections = registry;
  const wsUrl = `ws://127.0.0.1:${gateway.port}/ws`;
  const web = options.web
    ? await startWeb(options.webPort ?? 0, () => ({ apiUrl: gateway.url, wsUrl, stage: 'local' }), {
        site: localSiteEdge(),
        ...(typeof options.web === 'object' ? options.web : {}),
        dataDir,
        ...(options.host ? { host: options.host } : {}),
      })
    : undefined;
  await options.onListening?.({ apiUrl: gateway.url, wsUrl, ...(web ? { webUrl: web.url } : {}) });

  const tokenSecret = await localTokenSecret(dataDir);
  // Each tenant's Stripe test keys derive from this (functions/payments/local-stripe.ts): private to the
  // data directory like the token key, and nothing more to keep.
  const stripeLocalKey = createHmac('sha256', tokenSecret).update('fake-stripe').digest('hex');
  const stripe = await startFakeStripe({
    localKey: stripeLocalKey,
    webhookUrl: (tenant) => `${gateway.url}/webhooks/stripe/${encodeURIComponent(tenant)}`,
    stateFile: join(dataDir, 'stripe.json'),
    ...(options.host ? { host: options.host } : {}),
  });

  Object.assign(process.env, {
    STAGE: 'local',
    TABLE_NAME: tableName,
    AWS_REGION: LOCAL_REGION,
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    DYNAMODB_ENDPOINT: database.endpoint,
    EVENTBRIDGE_ENDPOINT: bus.url,
    EVENT_BUS_NAME,
    TOKEN_SECRET: tokenSecret,
    STRIPE_API_URL: stripe.url,
    STRIPE_LOCAL_KEY: stripeLocalKey,
    MAIL_ADAPTER: 'outbox',
    OUTBOX_DIR: outboxDir,
    SITEMAP_DIR: join(dataDir, 'sitemaps'),
    BLOB_DIR: blobDir,
    FILE_STORAGE_ADAPTER: 'local',
    BLOB_BASE_URL: `http://127.0.0.1:${gateway.port}/_local/files`,
    BLOB_SIGNING_KEY: blobSigningKey,
    API_URL: gateway.url,
    WEB_ORIGIN: web?.url ?? 'http://localhost:5173',
    DEFAULT_TENANT_KEY: 'demo',
    WS_MANAGEMENT_ENDPOINT: `http://127.0.0.1:${gateway.port}`,
  });
  await resetFunctionCaches();
  // The functions' metrics records go to this stack's page rather than to standard output.
  const { resetColdStarts, setMetricsSink } = await import('../../functions/lib/metrics');
  resetColdStarts();
  const restoreMetricsSink = setMetricsSink(metrics.record);
  await ensureTable(database.endpoint, tableName, options.items);

  let seeded: Awaited<ReturnType<typeof import('../../functions/seed/seed').seedDemo>> | undefined;
  let history:
    | Awaited<ReturnType<typeof import('../../functions/seed/history-seed').seedHistory>>
    | undefined;
  if (options.seed) {
    const { seedDemo } = await import('../../functions/seed/seed');
    seeded = await seedDemo();
  }
  if (options.seed === 'lived-in') {
    const { seedHistory } = await import('../../functions/seed/history-seed');
    history = await seedHistory();
  }
  if (options.preloadHandlers) await Promise.all(resources.map((resource) => loader(resource)));
  const events = await startEventDelivery({
    endpoint: database.endpoint,
    tableName,
    positionsFile: join(dataDir, 'stream-positions.json'),
    bus,
    enabled: options.deliverEvents ?? true,
  });
  starting = undefined;

  return {
    apiUrl: gateway.url,
    wsUrl,
    /** The addresses the gateways and the SPA listen on. */
    listening: { api: gateway.host, ...(web ? { web: web.host } : {}) },
    webUrl: web?.url,
    dynamoEndpoint: database.endpoint,
    /** DynamoDB Local's process, when this stack started it. */
    dynamoPid: database.pid,
    outboxDir,
    dataDir,
    seeded,
    /** The lived-in demo's history: its anchor, whether this start wrote it, and its extra sign-ins. */
    history,
    bus,
    events,
    connections: registry,
    /** The functions' metrics since start (also at /_local/metrics). */
    metrics,
    /** The fake Stripe the functions' SDK talks to. */
    stripe,
    async stop() {
      await web?.close();
      await stripe.close();
      websocket.close();
      await gateway.close();
      await events.stop();
      await bus.idle();
      await bus.close();
      await database.stop();
      restoreMetricsSink();
    },
  };
}

/**
 * The outbox's way to the bus: the table's stream read and forwarded as the cloud's event-forwarder does
 * (forwardOutboxRecords), read at once when this process commits an outbox item, and every second for
 * writes from elsewhere (the tenant CLI, a previous run's undelivered events).
 */
async function startEventDelivery(options: {
  endpoint: string;
  tableName: string;
  positionsFile: string;
  bus: Awaited<ReturnType<typeof startEventBus>>;
  enabled: boolean;
}) {
  const [
    { forwardOutboxRecords },
    { onTransactionCommitted },
    { isEventWrite },
    { matchesPattern },
    { tableDefinition },
  ] = await Promise.all([
    import('../../functions/lib/events'),
    import('../../functions/table/transactions'),
    import('../../functions/repositories/outbox'),
    import('../../shared/events/pattern'),
    import('../../functions/table/definition'),
  ]);
  // Events this process committed, and outbox records handed to the bus: `settled` waits for the second to
  // catch up with the first, since DynamoDB Local's stream may show a commit a moment after it returns.
  let committedEvents = 0;
  let forwardedEvents = 0;
  const reader: StreamReader | undefined = options.enabled
    ? startStreamReader({
        ...options,
        forward: async (records) => {
          const result = await forwardOutboxRecords(records);
          if (result.failedAt === undefined) {
            forwardedEvents += records.filter((record) =>
              matchesPattern(tableDefinition.stream.deliver, record),
            ).length;
          }
          return result;
        },
      })
    : undefined;
  const stopListening = onTransactionCommitted((items) => {
    const events = items.filter(isEventWrite).length;
    committedEvents += events;
    if (events > 0) reader?.wake();
  });
  return {
    /**
     * Waits until every event committed so far has reached its consumers, and the events those wrote too
     * (tests): the stream read to its end, then the bus idle, until a round finds neither anything to read
     * nor anything in flight.
     */
    async settled() {
      if (!reader) throw new Error('This stack does not deliver events (deliverEvents: false)');
      // Bounded, should a committed event never show in the stream (it would be a defect the tests then see).
      const giveUpAt = Date.now() + 10_000;
      for (;;) {
        const read = await reader.drain();
        const delivering = await options.bus.idle();
        if (read === 0 && !delivering) {
          if (forwardedEvents >= committedEvents || Date.now() > giveUpAt) return;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      }
    },
    async stop() {
      stopListening();
      await reader?.stop();
    },
  };
}

/** Functions keep clients and caches per container; a new local stack is a new container. */
async function resetFunctionCaches() {
  const [
    { resetConfig },
    { resetDb },
    { resetEventBridge },
    { resetMailer },
    { resetFileStorage },
    { resetSigningKey },
    pipeline,
    roles,
    linked,
    tutorRoles,
  ] = await Promise.all([
    import('../../functions/lib/config'),
    import('../../functions/lib/db'),
    import('../../functions/lib/events'),
    import('../../functions/lib/mail'),
    import('../../functions/lib/file-storage'),
    import('../../functions/lib/tokens'),
    import('../../functions/lib/pipeline'),
    import('../../functions/roles/repository'),
    import('../../functions/access/linked-accounts'),
    import('../../functions/tutor-roles/repository'),
  ]);
  resetConfig();
  resetDb();
  resetEventBridge();
  resetMailer();
  resetFileStorage();
  resetSigningKey();
  pipeline.clearPipelineCaches();
  roles.rolesRepository.clearCache();
  linked.clearLinkedAccountsCache();
  tutorRoles.tutorRolesRepository.clearCache();
}
