import { useEffect } from 'react';
import { sessionRealtimeSocket } from '../realtime-socket';
import { keepPushed, rereadNotifications } from './notifications';

/**
 * The bell's socket: opened while the bell is shown (a signed-in, non-guest user's header, once the page is
 * idle), closed when it goes. Each `notification` message goes on top of the list and sets the badge; after
 * a reconnection the list and count are read again, since what was pushed meanwhile is not replayed.
 */
export function useNotificationSocket(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    const socket = sessionRealtimeSocket();
    const offMessage = socket.onMessage((message) => {
      if (message.action === 'notification') keepPushed(message.notification, message.unreadCount);
    });
    const offReconnect = socket.onReconnect(rereadNotifications);
    socket.connect();
    return () => {
      offMessage();
      offReconnect();
      socket.close();
    };
  }, [enabled]);
}
