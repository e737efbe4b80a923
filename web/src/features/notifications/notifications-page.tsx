import { Box, Button, Card, Heading, HStack, Stack, Switch, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  categoryLabels,
  type NotificationCategory,
  notificationCategories,
} from '../../../../shared/notifications/categories';
import { RequireSession } from '../../components/require-session';
import { formatDate } from '../../lib/format';
import { usePageMeta } from '../../lib/meta-tags';
import {
  markAllNotificationsRead,
  markNotificationRead,
  updateNotificationPreferences,
  useNotificationPreferences,
  useNotifications,
} from '../../lib/notifications/notifications';
import {
  disablePush,
  enablePush,
  pushEnabledHere,
  pushSupported,
} from '../../lib/notifications/push-permission';
import { useSession } from '../../lib/session';

const PAGE_SIZE = 20;

function EmailSettings() {
  const { data } = useNotificationPreferences();
  const set = (category: NotificationCategory, on: boolean) =>
    void updateNotificationPreferences({ [category]: on });
  return (
    <Card.Root>
      <Card.Body gap="3">
        <Heading as="h2" size="md">
          E-mails
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          Everything always shows under the bell; choose what also comes by e-mail.
        </Text>
        {notificationCategories.map((category) => (
          <Switch.Root
            key={category}
            checked={data?.email[category] ?? true}
            disabled={!data}
            onCheckedChange={(e) => set(category, e.checked)}
          >
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label>{categoryLabels[category]}</Switch.Label>
          </Switch.Root>
        ))}
      </Card.Body>
    </Card.Root>
  );
}

/** Push on this device: the browser's permission is asked only when the user turns it on here. */
function PushSetting() {
  const [on, setOn] = useState(pushEnabledHere);
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState(false);
  if (!pushSupported()) return null;
  const toggle = async (wanted: boolean) => {
    setBusy(true);
    try {
      if (wanted) {
        const granted = await enablePush();
        setOn(granted);
        setRefused(!granted);
      } else {
        await disablePush();
        setOn(false);
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card.Root>
      <Card.Body gap="3">
        <Heading as="h2" size="md">
          This device
        </Heading>
        <Switch.Root checked={on} disabled={busy} onCheckedChange={(e) => void toggle(e.checked)}>
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>Push notifications in this browser</Switch.Label>
        </Switch.Root>
        {refused && (
          <Text fontSize="sm" color="fg.muted">
            The browser did not allow notifications. You can allow them in its site settings.
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function Notifications() {
  usePageMeta('Notifications');
  const navigate = useNavigate();
  const [page, setPage] = useState(0);
  const { data, isLoading } = useNotifications(PAGE_SIZE, page * PAGE_SIZE);
  const pages = data ? Math.max(1, Math.ceil(data.totalDocs / PAGE_SIZE)) : 1;
  const isGuest = useSession()?.user.type === 'guest';

  return (
    <Box maxW="4xl" mx="auto" px="4" py="8">
      <Stack gap="5">
        <HStack justify="space-between" wrap="wrap" gap="3">
          <Stack gap="0">
            <Heading as="h1" size="2xl">
              Notifications
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              {data ? `${data.unreadCount} unread of ${data.totalDocs}` : ' '}
            </Text>
          </Stack>
          <Button
            size="sm"
            variant="outline"
            disabled={!data?.unreadCount}
            onClick={() => void markAllNotificationsRead()}
          >
            Mark all read
          </Button>
        </HStack>
        {isGuest && <Text color="fg.muted">Guest accounts get no notifications.</Text>}
        <Card.Root>
          <Card.Body p="2">
            {isLoading ? (
              <Text p="3" color="fg.muted">
                Loading…
              </Text>
            ) : !data || data.docs.length === 0 ? (
              <Text p="3" color="fg.muted">
                No notifications yet.
              </Text>
            ) : (
              <Stack gap="1">
                {data.docs.map((notification) => (
                  <Box
                    key={notification._id}
                    as="button"
                    textAlign="start"
                    p="3"
                    borderRadius="md"
                    bg={notification.readAt === null ? 'brand.subtle' : undefined}
                    _hover={{ bg: 'bg.muted' }}
                    onClick={() => {
                      if (notification.readAt === null) void markNotificationRead(notification._id);
                      if (notification.link) void navigate(notification.link);
                    }}
                  >
                    <HStack justify="space-between" align="start">
                      <Text fontWeight={notification.readAt === null ? 'semibold' : 'normal'}>
                        {notification.title}
                      </Text>
                      <Text fontSize="xs" color="fg.subtle" flexShrink={0}>
                        {formatDate(notification.createdAt)}
                      </Text>
                    </HStack>
                    <Text fontSize="sm" color="fg.muted">
                      {notification.body}
                    </Text>
                  </Box>
                ))}
              </Stack>
            )}
          </Card.Body>
        </Card.Root>
        {pages > 1 && (
          <HStack justify="center">
            <Button size="sm" variant="outline" disabled={page === 0} onClick={() => setPage(page - 1)}>
              Newer
            </Button>
            <Text fontSize="sm">
              {page + 1} / {pages}
            </Text>
            <Button
              size="sm"
              variant="outline"
              disabled={page + 1 >= pages}
              onClick={() => setPage(page + 1)}
            >
              Older
            </Button>
          </HStack>
        )}
        {!isGuest && (
          <>
            <EmailSettings />
            <PushSetting />
          </>
        )}
      </Stack>
    </Box>
  );
}

/** /portal/notifications: every notification, and the e-mail and push choices (issue 19 item 7). */
export default function NotificationsPage() {
  return (
    <RequireSession>
      <Notifications />
    </RequireSession>
  );
}
