import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';

/**
 * A WebSocket client that writes bytes as given, to send what a well-behaved client library never would:
 * the frames an intruder sends to break the server.
 */
export interface RawWebSocket {
  socket: Socket;
  write(bytes: Buffer): void;
  /** The status code of the server's close frame (RFC 6455 section 5.5.1), then the socket's end. */
  closeCode(): Promise<number>;
}

/** Opens a real handshake on `/ws?query` and waits for the 101 answer. */
export async function rawWebSocket(wsUrl: string, query: Record<string, string>): Promise<RawWebSocket> {
  const url = new URL(wsUrl);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  const socket = connect(Number(url.port), url.hostname);
  let received = Buffer.alloc(0);
  socket.on('data', (chunk) => {
    received = Buffer.concat([received, chunk]);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  // A later error is followed by 'close', which the waits below report.
  socket.on('error', () => undefined);
  socket.write(
    [
      `GET ${url.pathname}${url.search} HTTP/1.1`,
      `Host: ${url.host}`,
      'Upgrade: websocket',
      'Connection: Upgrade',
      `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
      'Sec-WebSocket-Version: 13',
      '',
      '',
    ].join('\r\n'),
  );
  await waitFor(socket, () => received.includes('\r\n\r\n'));
  const headEnd = received.indexOf('\r\n\r\n') + 4;
  const statusLine = received.subarray(0, received.indexOf('\r\n')).toString();
  if (!statusLine.startsWith('HTTP/1.1 101')) throw new Error(`Handshake refused: ${statusLine}`);
  received = received.subarray(headEnd);

  return {
    socket,
    write: (bytes) => socket.write(bytes),
    async closeCode() {
      // A server frame is unmasked: FIN and opcode, a 7-bit length (a close frame's is under 126), payload.
      await waitFor(socket, () => received.length >= 4);
      const opcode = (received[0] ?? 0) & 0x0f;
      if (opcode !== 0x8) throw new Error(`Expected a close frame, got ${received.toString('hex')}`);
      if (!socket.destroyed) {
        const ended = new Promise((resolve) => socket.once('close', resolve));
        socket.end();
        await ended;
      }
      return received.readUInt16BE(2);
    },
  };
}

/** Resolves once `ready()` holds, checking on each chunk the server sends; rejects if it closes first. */
function waitFor(socket: Socket, ready: () => boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const stop = () => {
      socket.off('data', check);
      socket.off('close', closed);
    };
    function check() {
      if (!ready()) return;
      stop();
      resolve();
    }
    function closed() {
      stop();
      if (ready()) resolve();
      else reject(new Error('The server closed the connection'));
    }
    socket.on('data', check);
    socket.on('close', closed);
    if (socket.destroyed) closed();
    else check();
  });
}

/** A client frame: FIN and opcode in the first byte, the payload masked unless `masked` is false. */
export function frame(firstByte: number, payload: Buffer, options: { masked?: boolean } = {}): Buffer {
  if (payload.length > 125) throw new Error('Only short frames here');
  if (options.masked === false) return Buffer.concat([Buffer.from([firstByte, payload.length]), payload]);
  const mask = randomBytes(4);
  const masked = Buffer.from(payload.map((byte, i) => byte ^ (mask[i % 4] ?? 0)));
  return Buffer.concat([Buffer.from([firstByte, 0x80 | payload.length]), mask, masked]);
}

/** One malformed frame of each kind the protocol says ends a connection, with the close code it calls for. */
export const malformedFrames: Array<{ name: string; bytes: () => Buffer; closeCode: number }> = [
  {
    name: 'an unmasked client frame',
    bytes: () => frame(0x81, Buffer.from('hi'), { masked: false }),
    closeCode: 1002,
  },
  {
    name: 'invalid UTF-8 in a text frame',
    bytes: () => frame(0x81, Buffer.from([0xc3, 0x28])),
    closeCode: 1007,
  },
  { name: 'a reserved opcode', bytes: () => frame(0x83, Buffer.from('hi')), closeCode: 1002 },
  { name: 'an RSV bit set', bytes: () => frame(0xc1, Buffer.from('hi')), closeCode: 1002 },
  { name: 'a fragmented control frame', bytes: () => frame(0x09, Buffer.alloc(0)), closeCode: 1002 },
];
