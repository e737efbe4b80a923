import {
  type ClientAction,
  type ServerMessage,
  serverMessageSchema,
} from '../../../shared/realtime/socket-events';
import { runtimeConfig } from '../config/runtime-config';
import { currentSession } from './session';

/** What the module needs of a WebSocket: the browser's, or `ws` in Node tests. */
export interface SocketLike {
  readonly readyState: number;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  addEventListener(type: 'open' | 'close' | 'error', listener: () => void): void;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}
export type SocketFactory = (url: string) => SocketLike;

const OPEN = 1;

/** API Gateway closes a connection idle for 10 minutes: a ping every 5 keeps it with room to spare. */
export const HEARTBEAT_MS = 5 * 60_000;
/** Reconnection waits double from the first to the last, each with jitter so a crowd does not come back at once. */
export const RECONNECT_BACKOFF = { firstMs: 500, maxMs: 30_000 } as const;

export interface RealtimeSocketOptions {
  url: string;
  /** Read at every (re)connection, so a renewed token is used; null (signed out) stops reconnecting. */
  credentials: () => { token: string; userId: string } | null;
  /** The back-office chat's connection (spec 000 section 6: token, adminMode and userId). */
  adminMode?: boolean;
  open?: SocketFactory;
  heartbeatMs?: number;
  backoff?: { firstMs: number; maxMs: number };
  log?: Pick<Console, 'warn' | 'error'>;
}

export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'closed';

/**
 * The one WebSocket client (websocket transport only, no auto-connect: a screen calls `connect()` when it
 * needs the socket, and `close()` when it is done). It sends a heartbeat, reconnects with backoff after a
 * drop or API Gateway's 2-hour limit, sends again the registrations it holds, and tells `onReconnect`
 * listeners so that a screen re-reads its state (what was pushed while it was away is not replayed).
 * An event sent while not connected is dropped with a warning (spec 000 section 8).
 */
export function createRealtimeSocket(options: RealtimeSocketOptions) {
  const log = options.log ?? console;
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const backoff = options.backoff ?? RECONNECT_BACKOFF;
  const open: SocketFactory = options.open ?? ((url) => new WebSocket(url));
  const messageListeners = new Set<(message: ServerMessage) => void>();
  const reconnectListeners = new Set<() => void>();
  const statusListeners = new Set<(status: RealtimeStatus) => void>();
  /** The waiting rooms this client is in, sent again after every reconnection. */
  const registrations = new Set<string>();
  let socket: SocketLike | undefined;
  let status: RealtimeStatus = 'idle';
  let wanted = false;
  let failures = 0;
  let hasOpened = false;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;

  function setStatus(next: RealtimeStatus) {
    status = next;
    for (const listener of statusListeners) listener(next);
  }

  function handshakeUrl(credentials: { token: string; userId: string }): string {
    const url = new URL(options.url);
    url.searchParams.set('token', credentials.token);
    url.searchParams.set('userId', credentials.userId);
    url.searchParams.set('adminMode', String(options.adminMode ?? false));
    return url.href;
  }

  function dial() {
    retry = undefined;
    const credentials = options.credentials();
    if (!wanted || !credentials) return setStatus('closed');
    setStatus('connecting');
    const current = open(handshakeUrl(credentials));
    socket = current;
    current.addEventListener('open', () => {
      failures = 0;
      setStatus('open');
      for (const waitingId of registrations) current.send(JSON.stringify({ action: 'register', waitingId }));
      heartbeat = setInterval(() => current.send(JSON.stringify({ action: 'ping' })), heartbeatMs);
      if (hasOpened) for (const listener of reconnectListeners) listener();
      hasOpened = true;
    });
    current.addEventListener('message', (event) => {
      const message = parse(event.data);
      if (!message) return log.warn('realtime: an unreadable message was ignored', event.data);
      if (message.action === 'error')
        log.error(`realtime: ${message.request ?? 'frame'} refused: ${message.message}`);
      for (const listener of messageListeners) listener(message);
    });
    // Socket errors are only logged (spec 000 section 8); the close that follows brings the reconnection.
    current.addEventListener('error', () => log.warn('realtime: socket error'));
    current.addEventListener('close', () => {
      clearInterval(heartbeat);
      if (socket !== current) return;
      socket = undefined;
      if (!wanted) return setStatus('closed');
      setStatus('connecting');
      const ceiling = Math.min(backoff.maxMs, backoff.firstMs * 2 ** failures);
      failures++;
      retry = setTimeout(dial, ceiling / 2 + (Math.random() * ceiling) / 2);
    });
  }

  function send(action: ClientAction): boolean {
    if (socket?.readyState !== OPEN) {
      log.warn(`realtime: not connected, "${action.action}" dropped`);
      return false;
    }
    socket.send(JSON.stringify(action));
    return true;
  }

  return {
    status: () => status,
    connect() {
      wanted = true;
      if (!socket && !retry) dial();
    },
    /** Closes for good (a screen left): no reconnection, registrations forgotten. */
    close() {
      wanted = false;
      registrations.clear();
      clearTimeout(retry);
      retry = undefined;
      const current = socket;
      socket = undefined;
      clearInterval(heartbeat);
      current?.close(1000, 'Closed by the client');
      setStatus('closed');
    },
    send,
    /** Enters a waiting room now if connected, and again after every reconnection. */
    register(waitingId: string) {
      registrations.add(waitingId);
      if (socket?.readyState === OPEN) send({ action: 'register', waitingId });
    },
    unregister(waitingId: string) {
      registrations.delete(waitingId);
      send({ action: 'unregister', waitingId });
    },
    onMessage(listener: (message: ServerMessage) => void) {
      messageListeners.add(listener);
      return () => messageListeners.delete(listener);
    },
    /** Called after a reconnection (not the first connection): re-read what may have changed meanwhile. */
    onReconnect(listener: () => void) {
      reconnectListeners.add(listener);
      return () => reconnectListeners.delete(listener);
    },
    onStatus(listener: (status: RealtimeStatus) => void) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
  };
}
export type RealtimeSocket = ReturnType<typeof createRealtimeSocket>;

function parse(data: unknown): ServerMessage | undefined {
  if (typeof data !== 'string') return undefined;
  try {
    const parsed = serverMessageSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** A socket of the signed-in session, to the stage's WebSocket API (runtime config.json). */
export function sessionRealtimeSocket(options: { adminMode?: boolean } = {}): RealtimeSocket {
  return createRealtimeSocket({
    url: runtimeConfig().wsUrl,
    credentials: () => {
      const session = currentSession();
      return session ? { token: session.token, userId: session.user._id } : null;
    },
    ...options,
  });
}
