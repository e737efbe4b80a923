import { Box, Field, Heading, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useSearchParams } from 'react-router-dom';
import { usePageMeta } from '../../lib/meta-tags';
import { PastPapersList } from './past-papers';
import { useHomeCurricula } from './use-catalogue';

/**
 * /topical-past-papers: pick a curriculum and a subject, then see its past-paper questions topic by topic.
 * The choice lives in the query string, so a result can be bookmarked or shared.
 */
export default function TopicalPastPapersPage() {
  const [params, setParams] = useSearchParams();
  const { data } = useHomeCurricula();
  const curriculumSlug = params.get('curriculum') ?? '';
  const subjectSlug = params.get('subject') ?? '';
  const curriculum = data?.docs.find((c) => c.slug === curriculumSlug);
  const subject = curriculum?.subjects.find((s) => s.slug === subjectSlug);
  usePageMeta(
    subject ? `${subject.name} topical past papers` : 'Topical past papers',
    'Exam questions sorted by topic, with their mark schemes.',
  );

  return (
    <Box maxW="5xl" mx="auto" px="4" py="8">
      <Stack gap="2" mb="6">
        <Heading as="h1" size="3xl">
          Topical past papers
        </Heading>
        <Text color="fg.muted">Exam questions sorted by topic, with their mark schemes.</Text>
      </Stack>
      <HStack gap="4" mb="8" align="end" wrap="wrap">
        <Field.Root maxW="xs">
          <Field.Label>Curriculum</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={curriculumSlug}
              onChange={(e) => setParams(e.target.value ? { curriculum: e.target.value } : {})}
            >
              <option value="">Choose a curriculum</option>
              {data?.docs.map((c) => (
                <option key={c._id} value={c.slug}>
                  {c.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root maxW="xs" disabled={!curriculum}>
          <Field.Label>Subject</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={subjectSlug}
              onChange={(e) =>
                setParams(
                  e.target.value
                    ? { curriculum: curriculumSlug, subject: e.target.value }
                    : { curriculum: curriculumSlug },
                )
              }
            >
              <option value="">Choose a subject</option>
              {curriculum?.subjects.map((s) => (
                <option key={s._id} value={s.slug}>
                  {s.name} ({s.subjectCode})
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </HStack>
      {subject ? (
        <PastPapersList subjectCode={subject.subjectCode} subjectLevel={subject.subjectLevel} />
      ) : (
        <Text color="fg.muted">Choose a curriculum and a subject to see its past papers.</Text>
      )}
    </Box>
  );
}
