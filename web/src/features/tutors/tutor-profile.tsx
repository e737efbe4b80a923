import { Box, Button, Heading, HStack, Link, Stack, Table, Text } from '@chakra-ui/react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { countryName } from '../../../../shared/schemas/countries';
import { NotFound } from '../../components/not-found';
import { paths, withQuery } from '../../config/paths';
import { useApi } from '../../lib/api-client';
import { usePageMeta } from '../../lib/meta-tags';
import { availabilityText } from './directory-state';
import { type BookTrialSlot, languagesText, subjectGroups, TutorRating, tutorName } from './tutor-card';

/**
 * One tutor's public page (spec 002 GET /tutors/{id}): what they teach (narrowed by the curriculum and
 * grade the visitor came with), when, their rating, and the free trial with them.
 */
export function TutorProfile({ bookTrial }: { bookTrial: BookTrialSlot }) {
  const { tutorId = '' } = useParams();
  const [search] = useSearchParams();
  const narrow = Object.fromEntries(
    ['country', 'curriculum', 'grade'].flatMap((name) => {
      const value = search.get(name);
      return value ? [[name, value]] : [];
    }),
  );
  const { data: tutor, error } = useApi(['tutors.get', { params: { id: tutorId }, query: narrow }]);
  usePageMeta(tutor ? `${tutorName(tutor)} – tutor` : 'Tutor');
  if (error) return <NotFound />;
  const back = withQuery(paths.tutors, { country: search.get('country') ?? undefined });
  return (
    <Stack maxW="4xl" mx="auto" px="4" py={{ base: '6', md: '10' }} gap="6">
      <Link asChild fontSize="sm" alignSelf="start">
        <RouterLink to={back}>← All tutors</RouterLink>
      </Link>
      {!tutor ? (
        <Text color="fg.muted">Loading…</Text>
      ) : (
        <>
          <HStack justify="space-between" align="start" wrap="wrap" gap="4">
            <Stack gap="1">
              <Heading as="h1" size="2xl">
                {tutorName(tutor)}
              </Heading>
              <Text color="fg.muted">{countryName(tutor.country)}</Text>
              <TutorRating rating={tutor.rating} />
            </Stack>
            {bookTrial({
              _id: tutor._id,
              name: tutorName(tutor),
              subjects: tutor.subjects,
              start: {
                curriculum: search.get('curriculum') ?? undefined,
                grade: search.get('grade') ?? undefined,
              },
            })}
          </HStack>
          {(tutor.headline || tutor.bio) && (
            <Box>
              {tutor.headline && (
                <Text fontSize="lg" fontStyle="italic">
                  {tutor.headline}
                </Text>
              )}
              {tutor.bio && <Text whiteSpace="pre-line">{tutor.bio}</Text>}
            </Box>
          )}
          {(tutor.languages.length > 0 || tutor.strengths.length > 0) && (
            <Stack gap="1">
              {tutor.languages.length > 0 && <Text>Speaks {languagesText(tutor.languages)}</Text>}
              {tutor.strengths.length > 0 && <Text color="fg.muted">{tutor.strengths.join(' · ')}</Text>}
            </Stack>
          )}
          <Box>
            <Heading as="h2" size="md" mb="2">
              When they teach
            </Heading>
            <Text>{availabilityText(tutor.availability)}</Text>
            {tutor.availability && (
              <Text fontSize="sm" color="fg.muted">
                Hours kept in {tutor.availability.timezone}; the booking calendar shows them in yours.
              </Text>
            )}
          </Box>
          <Box>
            <Heading as="h2" size="md" mb="2">
              Subjects
            </Heading>
            {tutor.subjects.length === 0 ? (
              <Text color="fg.muted">No subjects listed{narrow.curriculum ? ' for this choice' : ''}.</Text>
            ) : (
              <Table.Root size="sm" variant="outline">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>Subject</Table.ColumnHeader>
                    <Table.ColumnHeader>Grades</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {subjectGroups(tutor.subjects).map((group) => (
                    <Table.Row key={group.subject}>
                      <Table.Cell>{group.subject}</Table.Cell>
                      <Table.Cell>{group.detail}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            )}
            {narrow.curriculum && (
              <Button asChild variant="plain" size="sm" px="0" mt="2">
                <RouterLink
                  to={withQuery(`${paths.tutors}/${encodeURIComponent(tutor._id)}`, {
                    country: narrow.country,
                  })}
                >
                  Show every subject
                </RouterLink>
              </Button>
            )}
          </Box>
          {(tutor.qualifications?.length ?? 0) > 0 && (
            <Box>
              <Heading as="h2" size="md" mb="2">
                Qualifications
              </Heading>
              <Stack as="ul" gap="1" ps="5">
                {tutor.qualifications?.map((q) => (
                  <li key={`${q.title}-${q.institution}`}>
                    {q.title}, {q.institution}
                    {q.year ? ` (${q.year})` : ''}
                  </li>
                ))}
              </Stack>
            </Box>
          )}
          {(tutor.experiences?.length ?? 0) > 0 && (
            <Box>
              <Heading as="h2" size="md" mb="2">
                Experience
              </Heading>
              <Stack as="ul" gap="1" ps="5">
                {tutor.experiences?.map((e) => (
                  <li key={`${e.title}-${e.organisation}-${e.startMonth}`}>
                    {e.title}, {e.organisation} ({e.startMonth} to {e.endMonth ?? 'now'})
                  </li>
                ))}
              </Stack>
            </Box>
          )}
        </>
      )}
    </Stack>
  );
}
