import { useEffect, useRef, useState } from 'react';
import type { WaitingRoomConnection } from '../../../../../shared/realtime/socket-events';
import { sessionRealtimeSocket } from '../../../lib/realtime-socket';

export interface MeetingRoomPresence {
  /** Who is in the room now (pushed); undefined until the room answered. */
  people: WaitingRoomConnection[] | undefined;
  /** The server's refusal to let the viewer in (the lesson not started, the room closed). */
  refusal: string | undefined;
  /** Leaves the room: the leave is recorded, then `onLeft` runs. */
  leave(onLeft: () => void): void;
}

/**
 * The local meeting room over the WebSocket: entering on every (re)connection, which records the viewer's
 * join (the server keeps the first), `meetingRoom` pushes of who is in, and Leave. Closing the page closes
 * the socket, and the server records the leave at the disconnection.
 */
export function useMeetingRoom(waitingId: string | undefined): MeetingRoomPresence {
  const [people, setPeople] = useState<WaitingRoomConnection[]>();
  const [refusal, setRefusal] = useState<string>();
  const socketRef = useRef<ReturnType<typeof sessionRealtimeSocket> | undefined>(undefined);
  const leftRef = useRef<(() => void) | undefined>(undefined);
  useEffect(() => {
    if (!waitingId) return;
    const socket = sessionRealtimeSocket();
    socketRef.current = socket;
    socket.onStatus((status) => {
      if (status === 'open') socket.send({ action: 'enterMeetingRoom', waitingId });
    });
    socket.onMessage((message) => {
      if (message.action === 'meetingRoom' && message.waitingId === waitingId) {
        setPeople(message.people);
        setRefusal(undefined);
      }
      if (message.action === 'error' && message.request === 'enterMeetingRoom') setRefusal(message.message);
      if (message.action === 'leftMeetingRoom' && message.waitingId === waitingId) {
        socket.close();
        leftRef.current?.();
      }
    });
    socket.connect();
    return () => {
      socketRef.current = undefined;
      socket.close();
    };
  }, [waitingId]);
  return {
    people,
    refusal,
    leave(onLeft) {
      leftRef.current = onLeft;
      // Not connected: closing is leaving (nothing was entered since the drop).
      if (!waitingId || !socketRef.current?.send({ action: 'leaveMeetingRoom', waitingId })) onLeft();
    },
  };
}
