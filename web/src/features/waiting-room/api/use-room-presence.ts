import { useEffect, useRef, useState } from 'react';
import type { WaitingRoomConnection } from '../../../../../shared/realtime/socket-events';
import { sessionRealtimeSocket } from '../../../lib/realtime-socket';

/**
 * Who is in the lesson's waiting room now, pushed over the WebSocket (register, then a `connections`
 * message on every arrival and departure). The socket opens with the room and closes when it is left or
 * closed (`waitingId` undefined); after a reconnection `reread` runs, so the page reads the lesson again.
 */
export function useRoomPresence(
  waitingId: string | undefined,
  reread: () => void,
): WaitingRoomConnection[] | undefined {
  const [connections, setConnections] = useState<WaitingRoomConnection[]>();
  const rereadRef = useRef(reread);
  rereadRef.current = reread;
  useEffect(() => {
    if (!waitingId) return;
    const socket = sessionRealtimeSocket();
    socket.onMessage((message) => {
      if (message.action === 'connections' && message.waitingId === waitingId)
        setConnections(message.connections);
    });
    socket.onReconnect(() => rereadRef.current());
    socket.register(waitingId);
    socket.connect();
    return () => socket.close();
  }, [waitingId]);
  return connections;
}
