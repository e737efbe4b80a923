import { Badge, Box, Button, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { enumLabels } from '../../../../../shared/rules/enum-labels';
import type { SitemapGeneration, SitemapStatus } from '../../../../../shared/schemas/sitemap';
import { AdminListPage, type AdminResource, listRead } from '../../../components/admin/admin-list-page';
import { callApi, useApi } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { canCall } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { toastSuccess } from '../../../lib/toaster';

const statusColour: Record<SitemapStatus, string> = { RUNNING: 'blue', COMPLETED: 'green', FAILED: 'red' };

const formatTime = (iso: string | undefined) =>
  iso
    ? `${formatDate(iso)} ${new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}`
    : '-';

const generationsResource: AdminResource<SitemapGeneration> = {
  useList: (query, options) => listRead(useApi(['sitemap.list', { query }], options)),
  title: 'Sitemap generations',
  label: 'generation',
  searchable: false,
  messages: {},
  columns: [
    {
      key: 'status',
      label: 'Status',
      render: (g) => (
        <Badge colorPalette={statusColour[g.status]} title={g.error}>
          {enumLabels.sitemapStatus[g.status]}
        </Badge>
      ),
    },
    { key: 'urlCount', label: 'Pages', render: (g) => (g.urlCount === undefined ? '-' : g.urlCount) },
    {
      key: 'files',
      label: 'Files',
      render: (g) =>
        g.files ? (g.files.length > 1 ? `Index + ${g.files.length - 1} parts` : 'sitemap.xml') : '-',
    },
    {
      key: 'trigger',
      label: 'Started by',
      render: (g) => enumLabels.sitemapTrigger[g.trigger],
    },
    { key: 'startedAt', label: 'Started', render: (g) => formatTime(g.startedAt) },
    { key: 'finishedAt', label: 'Finished', render: (g) => formatTime(g.finishedAt) },
  ],
};

const isGenerationsKey = (key: unknown) => Array.isArray(key) && key[0] === 'sitemap.list';

export default function SitemapPage() {
  const session = useSession();
  const { mutate } = useSWRConfig();
  const [starting, setStarting] = useState(false);
  // The newest generation, polled while it runs, so the list updates when it finishes.
  const { data } = useApi(['sitemap.list', { query: { limit: 1, offset: 0 } }], {
    refreshInterval: (latest) => (latest?.docs[0]?.status === 'RUNNING' ? 1_000 : 0),
  });
  const latest = data?.docs[0];
  const previousStatus = useRef(latest?.status);
  useEffect(() => {
    if (previousStatus.current === 'RUNNING' && latest?.status !== 'RUNNING') void mutate(isGenerationsKey);
    previousStatus.current = latest?.status;
  }, [latest?.status, mutate]);

  const generate = async () => {
    setStarting(true);
    try {
      await callApi('sitemap.create');
      toastSuccess('Sitemap generate started!');
      await mutate(isGenerationsKey);
    } catch {
      // Toasted by the API client.
    } finally {
      setStarting(false);
    }
  };

  return (
    <Stack gap="6">
      <Box bg="bg" rounded="lg" borderWidth="1px" p="4">
        <HStack justify="space-between" align="start" gap="4" wrap="wrap">
          <Stack gap="1">
            <Text fontWeight="semibold">Sitemap</Text>
            <Text fontSize="sm" color="fg.muted">
              Lists every public curriculum, subject, topic and content page for search engines. It is
              regenerated a few minutes after the catalogue changes, and every day; generate it now to have it
              at once.
            </Text>
            {latest?.status === 'COMPLETED' && latest.url && (
              <Text fontSize="sm">
                Latest:{' '}
                <Link href={latest.url} target="_blank" rel="noreferrer" colorPalette="brand">
                  {latest.url}
                </Link>{' '}
                ({latest.urlCount} pages)
              </Text>
            )}
          </Stack>
          {canCall(session?.user, 'sitemap.create') && (
            <Button onClick={generate} loading={starting} disabled={latest?.status === 'RUNNING'}>
              Generate sitemap
            </Button>
          )}
        </HStack>
      </Box>
      <AdminListPage config={generationsResource} />
    </Stack>
  );
}
