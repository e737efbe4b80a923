import { Badge, Box, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { LuFileText } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { FullScreenSpinner } from '../../components/full-screen-spinner';
import { useApi } from '../../lib/api-client';

export function usePastPapers(subjectCode: string | undefined, subjectLevel: string | undefined) {
  return useApi(subjectCode ? ['topics.pastPapers', { query: { subjectCode, subjectLevel } }] : null, {
    shouldRetryOnError: false,
  });
}

/** A subject's past-paper questions and mark schemes, topic by topic, each linking to its sub-topic too. */
export function PastPapersList({
  subjectCode,
  subjectLevel,
}: {
  subjectCode: string;
  subjectLevel?: string;
}) {
  const { data, error } = usePastPapers(subjectCode, subjectLevel);
  if (error) return <Text color="fg.muted">Past papers for this subject could not be found.</Text>;
  if (!data) return <FullScreenSpinner belowHeader />;
  const { subject } = data;
  if (data.docs.length === 0)
    return <Text color="fg.muted">No past papers are published for this subject yet.</Text>;
  return (
    <Stack gap="6">
      {data.docs.map(({ topic, papers }) => (
        <Box key={topic._id} as="section" aria-label={topic.name} borderWidth="1px" rounded="lg" p="4">
          <Heading as="h2" size="md" mb="3">
            <Link asChild>
              <RouterLink to={`/${subject.curriculumSlug}/${subject.slug}/${topic.slug}`}>
                {topic.name}
              </RouterLink>
            </Link>
          </Heading>
          <Stack gap="2">
            {papers.map((paper) => (
              <HStack key={paper._id} justify="space-between" wrap="wrap" gap="2">
                <HStack gap="2">
                  <LuFileText />
                  <Link href={paper.url} target="_blank" rel="noopener noreferrer">
                    {paper.title}
                  </Link>
                  <Badge colorPalette={paper.kind === 'PAST_PAPER' ? 'teal' : 'purple'} variant="subtle">
                    {paper.kind === 'PAST_PAPER' ? 'Questions' : 'Mark scheme'}
                  </Badge>
                </HStack>
                <Link asChild fontSize="sm" color="fg.muted">
                  <RouterLink
                    to={`/${subject.curriculumSlug}/${subject.slug}/${topic.slug}/${paper.subTopicSlug}`}
                  >
                    Revise {paper.subTopicName}
                  </RouterLink>
                </Link>
              </HStack>
            ))}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}
