import WebSocket from 'ws';
import type { ServerMessage, ServerMessageOf } from '../../shared/realtime/socket-events';

type Session = { token: string; userId: string };

/**
 * A WebSocket of the local gateway as a test's client: every message it received, in order, and a way to
 * wait for the next of an action (test/integration/local/realtime-protocol.test.ts has the first of these).
 */
export interface TestSocket {
  socket: WebSocket;
  received: ServerMessage[];
  send(frame: unknown): void;
  next<Action extends ServerMessage['action']>(
    action: Action,
    where?: (message: ServerMessageOf<Action>) => boolean,
    timeoutMs?: number,
  ): Promise<ServerMessageOf<Action>>;
  /** Every message of an action received so far (read or not). */
  all<Action extends ServerMessage['action']>(action: Action): Array<ServerMessageOf<Action>>;
  close(): Promise<void>;
}

export async function openTestSocket(
  wsUrl: string,
  session: Session,
  options: { tenant?: string; adminMode?: boolean } = {},
): Promise<TestSocket> {
  const url = new URL(wsUrl);
  url.searchParams.set('token', session.token);
  url.searchParams.set('userId', session.userId);
  if (options.adminMode) url.searchParams.set('adminMode', 'true');
  const socket = new WebSocket(
    url.href,
    options.tenant ? { headers: { 'x-tenant-key': options.tenant } } : {},
  );
  const received: ServerMessage[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (data) => {
    received.push(JSON.parse(data.toString()));
    for (const waiter of waiters) waiter();
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  /** Messages a `next` answered: each is answered once, and one action's wait never uses up another's. */
  const used = new Set<number>();
  const isAction = <Action extends ServerMessage['action']>(
    message: ServerMessage,
    action: Action,
  ): message is ServerMessageOf<Action> => message.action === action;
  return {
    socket,
    received,
    send: (frame) => socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    next(action, where = () => true, timeoutMs = 15_000) {
      type Wanted = ServerMessageOf<typeof action>;
      return new Promise<Wanted>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(look);
          reject(
            new Error(
              `No ${action} message; received ${JSON.stringify(received.filter((_, i) => !used.has(i)))}`,
            ),
          );
        }, timeoutMs);
        function look() {
          for (let i = 0; i < received.length; i++) {
            const message = received[i];
            if (!used.has(i) && message && isAction(message, action) && where(message)) {
              used.add(i);
              clearTimeout(timer);
              waiters.delete(look);
              return resolve(message);
            }
          }
        }
        waiters.add(look);
        look();
      });
    },
    all(action) {
      return received.filter((message) => isAction(message, action));
    },
    async close() {
      if (socket.readyState === WebSocket.CLOSED) return;
      const closed = new Promise((resolve) => socket.once('close', resolve));
      socket.close();
      await closed;
    },
  };
}
