import { useEffect, useRef, useState } from 'react';
import type {
  MeetingStart,
  MeetingState,
  WaitingRoomConnection,
} from '../../../../../shared/realtime/socket-events';
import { sessionRealtimeSocket } from '../../../lib/realtime-socket';

/**
 * The room over the WebSocket: who has it open now (register, then a `connections` message on every
 * arrival and departure) and the meeting (a `meeting` message whenever someone waits or joins, a
 * `meetingStarted` when the tutor starts: both handed to `onMeeting`). The socket opens with the room and
 * closes when it is left or closed (`waitingId` undefined). Once registered, and after every reconnection,
 * `reread` runs, so the page reads the room again (what was pushed before the registration is not replayed).
 */
export function useRoomPresence(
  waitingId: string | undefined,
  handlers: { reread: () => void; onMeeting: (meeting: MeetingState | MeetingStart) => void },
): WaitingRoomConnection[] | undefined {
  const [connections, setConnections] = useState<WaitingRoomConnection[]>();
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;
  useEffect(() => {
    if (!waitingId) return;
    const socket = sessionRealtimeSocket();
    let registered = false;
    socket.onMessage((message) => {
      if (message.action === 'connections' && message.waitingId === waitingId) {
        setConnections(message.connections);
        // The first read raced the registration: read once more, so a push made in between is not missed.
        if (!registered) handlersRef.current.reread();
        registered = true;
      }
      if (
        (message.action === 'meeting' || message.action === 'meetingStarted') &&
        message.waitingId === waitingId
      )
        handlersRef.current.onMeeting(message.meeting);
    });
    socket.onReconnect(() => handlersRef.current.reread());
    socket.register(waitingId);
    socket.connect();
    return () => socket.close();
  }, [waitingId]);
  return connections;
}
