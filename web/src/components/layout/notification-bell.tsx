import { Badge, Box, Button, HStack, IconButton, Popover, Portal, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuBell } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';
import type { Notification } from '../../../../shared/notifications/notification';
import { paths } from '../../config/paths';
import { formatDate } from '../../lib/format';
import {
  markAllNotificationsRead,
  markNotificationRead,
  useNotifications,
  useUnreadCount,
} from '../../lib/notifications/notifications';
import { useNotificationSocket } from '../../lib/notifications/use-notification-socket';

/** `2026 Mar 04, 09:30`: spec 000's date, and the time, in the viewer's zone. */
const when = (iso: string) =>
  `${formatDate(iso)}, ${new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}`;

/** The badge's text: the count, or 99+ (the header has room for three characters). */
export function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}

function NotificationItem(props: { notification: Notification; onOpen: (n: Notification) => void }) {
  const { notification } = props;
  const unread = notification.readAt === null;
  return (
    <Box
      as="button"
      textAlign="start"
      w="full"
      px="3"
      py="2"
      borderRadius="md"
      bg={unread ? 'brand.subtle' : undefined}
      _hover={{ bg: 'bg.muted' }}
      onClick={() => props.onOpen(notification)}
    >
      <HStack justify="space-between" align="start" gap="2">
        <Text fontSize="sm" fontWeight={unread ? 'semibold' : 'normal'} lineClamp={2}>
          {notification.title}
        </Text>
        {unread && (
          <Box aria-label="Unread" flexShrink={0} mt="1.5" w="2" h="2" borderRadius="full" bg="brand.solid" />
        )}
      </HStack>
      <Text fontSize="xs" color="fg.muted" lineClamp={2}>
        {notification.body}
      </Text>
      <Text fontSize="xs" color="fg.subtle">
        {when(notification.createdAt)}
      </Text>
    </Box>
  );
}

/**
 * The header's bell (issue 19 item 7): the unread count, and on opening the newest notifications, each
 * leading where it is about and marked read on the way. New ones arrive over the socket while the bell is
 * shown. Not for guests, who get no notifications (spec 000 section 6).
 */
export function NotificationBell() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  useNotificationSocket(true);
  const unread = useUnreadCount(true).data?.unreadCount ?? 0;
  const list = useNotifications(undefined, undefined, open);
  const docs = list.data?.docs ?? [];

  const openNotification = (notification: Notification) => {
    setOpen(false);
    if (notification.readAt === null) void markNotificationRead(notification._id);
    if (notification.link) void navigate(notification.link);
  };

  return (
    <Popover.Root open={open} onOpenChange={(e) => setOpen(e.open)} positioning={{ placement: 'bottom-end' }}>
      <Popover.Trigger asChild>
        <IconButton
          aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
          variant="ghost"
          size="sm"
          position="relative"
        >
          <LuBell />
          {unread > 0 && (
            <Badge
              position="absolute"
              top="0"
              insetEnd="0"
              transform="translate(30%, -20%)"
              colorPalette="red"
              variant="solid"
              borderRadius="full"
              fontSize="2xs"
              px="1.5"
            >
              {badgeText(unread)}
            </Badge>
          )}
        </IconButton>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w={{ base: 'calc(100vw - 16px)', sm: '380px' }} maxH="70vh" overflowY="auto">
            <Popover.Header>
              <HStack justify="space-between">
                <Popover.Title fontWeight="semibold">Notifications</Popover.Title>
                <Button
                  size="xs"
                  variant="ghost"
                  disabled={unread === 0}
                  onClick={() => void markAllNotificationsRead()}
                >
                  Mark all read
                </Button>
              </HStack>
            </Popover.Header>
            <Popover.Body px="2" py="1">
              {list.isLoading ? (
                <Text px="3" py="4" fontSize="sm" color="fg.muted">
                  Loading…
                </Text>
              ) : docs.length === 0 ? (
                <Text px="3" py="4" fontSize="sm" color="fg.muted">
                  Nothing yet. Lesson bookings, changes and reminders show here.
                </Text>
              ) : (
                <Stack gap="1">
                  {docs.map((notification) => (
                    <NotificationItem
                      key={notification._id}
                      notification={notification}
                      onOpen={openNotification}
                    />
                  ))}
                </Stack>
              )}
            </Popover.Body>
            <Popover.Footer>
              <Button
                size="sm"
                variant="outline"
                w="full"
                onClick={() => {
                  setOpen(false);
                  void navigate(paths.notifications);
                }}
              >
                All notifications and e-mail settings
              </Button>
            </Popover.Footer>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
