import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Where the local servers listen unless `LISTEN_HOST` asks otherwise: this machine only. The local stack
 * trusts whoever reaches it (a mailbox of every sign-in link, a dev server of the checkout's files).
 */
export const LOOPBACK = '127.0.0.1';

/**
 * Listens on `host` (port 0: one the system gives) and answers the port; a port already taken is an error
 * the caller sees, not an unhandled 'error' event that ends the process.
 */
export function listenOn(server: Server, port: number, host: string = LOOPBACK): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}
