/**
 * `npm start`: the whole platform on this machine, persisted under DATA_DIR (default .data). Ctrl-C stops
 * every child process; a restart keeps all data.
 */
// A person trying the product sees the sign-ins, then one line per warning or error: the request log (a JSON
// line per request) is there with LOG_LEVEL=INFO. Set before the functions' logger is loaded.
process.env.LOG_LEVEL ??= 'WARN';
// The SDK's notice that its 2027 releases need Node 22: the SDK is pinned for that reason (README).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const { startLocalStack } = await import('./stack');
const { resolve } = await import('node:path');

export {};

const apiPort = Number(process.env.API_PORT ?? 3000);
const webPort = Number(process.env.WEB_PORT ?? 5173);
const dataDir = process.env.DATA_DIR ?? '.data';
// 127.0.0.1 unless asked (e.g. 0.0.0.0 inside a container whose ports are forwarded to the host).
const host = process.env.LISTEN_HOST;
// `npm run dev`: Vite's dev server with hot reload. `npm start`: a production build remade on each change,
// whose first page shows in a fraction of the dev server's time (every module compiled on request).
const devServer = process.argv.includes('--dev');
const webBuildDir = resolve('node_modules/.cache/learning-platform/web');

const stack = await startLocalStack({
  apiPort,
  webPort,
  dataDir,
  ...(host ? { host } : {}),
  web: devServer ? true : { rebuildInto: webBuildDir },
  // The demo with a term of history, so its screens are not empty (once per data directory).
  seed: 'lived-in',
  schedules: true,
  preloadHandlers: true,
  onListening: ({ apiUrl }) =>
    console.log(`Starting: preparing the data (the API at ${apiUrl} answers 503 until it is ready)...`),
});

// The lived-in demo's trial prospects are listed with the other demo accounts.
const seededSignIns = stack.seeded?.signIns ?? [];
const signIns = [
  ...seededSignIns.filter((s) => s.tenant === 'demo'),
  ...(stack.history?.signIns ?? []),
  ...seededSignIns.filter((s) => s.tenant !== 'demo'),
];
const history = stack.history;
const historyLine = history?.anchor
  ? `  Demo history   a term of lessons around ${history.anchor.slice(0, 10)}, written ${history.seeded ? 'now' : 'at the first start'} (a new DATA_DIR dates it from today)\n`
  : '';
const width = Math.max(...signIns.map((s) => s.email.length), 5);
console.log(`
  Learning platform is running (data in ${stack.dataDir}, listening on ${stack.listening.api})

  SPA            ${stack.webUrl}/learning-portal/  (${devServer ? "Vite's dev server, hot reload" : 'a production build, remade when a source changes; npm run dev for hot reload'})
  Second tenant  ${stack.webUrl?.replace('localhost', '127.0.0.1')}/learning-portal/
  API            ${stack.apiUrl}
  WebSocket      ${stack.wsUrl}
  Mailbox        ${stack.apiUrl}/_local/mailbox
  Metrics        ${stack.apiUrl}/_local/metrics
  Stripe (fake)  ${stack.stripe.url}  (each school's webhook: ${stack.apiUrl}/webhooks/stripe/<tenant key>)
  DynamoDB Local ${stack.dynamoEndpoint}
${historyLine}
  Demo sign-ins
  ${'tenant'.padEnd(10)} ${'role'.padEnd(8)} ${'email'.padEnd(width)} password
${signIns.map((s) => `  ${s.tenant.padEnd(10)} ${s.role.padEnd(8)} ${s.email.padEnd(width)} ${s.password}`).join('\n')}

  Press Ctrl-C to stop.
`);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping...`);
  const timer = setTimeout(() => process.exit(1), 10_000);
  await stack.stop().catch((error) => console.error(error));
  clearTimeout(timer);
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
