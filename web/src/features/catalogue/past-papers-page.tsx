import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { RequireSession } from '../../components/require-session';
import { paths } from '../../config/paths';
import { usePageMeta } from '../../lib/meta-tags';
import { PastPapersList, usePastPapers } from './past-papers';

/** /dashboard/{curriculum}/{subject}/{subjectLevel}/{subjectCode}/past-papers: one subject's past papers. */
function PastPapers() {
  const { subjectCode = '', subjectLevel = '' } = useParams();
  const { data } = usePastPapers(subjectCode, subjectLevel);
  usePageMeta(data ? `${data.subject.name} past papers` : 'Past papers');
  return (
    <Box maxW="5xl" mx="auto" px="4" py="8">
      <Stack gap="2" mb="6">
        <Button asChild variant="ghost" size="sm" alignSelf="start">
          <RouterLink to={paths.dashboard}>← Dashboard</RouterLink>
        </Button>
        <Heading as="h1" size="3xl">
          {data ? `${data.subject.name} past papers` : 'Past papers'}
        </Heading>
        {data && (
          <Text color="fg.muted">
            {data.subject.curriculum} · {data.subject.subjectCode} · {data.subject.subjectLevel}
          </Text>
        )}
      </Stack>
      <PastPapersList subjectCode={subjectCode} subjectLevel={subjectLevel} />
    </Box>
  );
}

export default function PastPapersPage() {
  return (
    <RequireSession>
      <PastPapers />
    </RequireSession>
  );
}
