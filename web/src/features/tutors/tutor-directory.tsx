import { Button, Heading, HStack, Link, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { countryList } from '../../../../shared/schemas/countries';
import { SelectField } from '../../components/select-field';
import { paths, withQuery } from '../../config/paths';
import { useApi } from '../../lib/api-client';
import { usePageMeta } from '../../lib/meta-tags';
import { deviceTimeZone } from '../../lib/time-zone';
import {
  changeDirectory,
  DIRECTORY_PAGE_SIZE,
  type DirectoryState,
  directorySearch,
  readDirectoryState,
} from './directory-state';
import { type BookTrialSlot, TutorCard, tutorName } from './tutor-card';

export const tutorPath = (id: string) => `${paths.tutors}/${encodeURIComponent(id)}`;

/**
 * The public tutor directory (spec 002 "Courses and tutors", GET /tutors): a visitor picks a country (their
 * time zone's by default) and narrows by curriculum, subject and grade from the curriculum list; the cards
 * come in the school's order. Everything is in the address, so a filtered page can be shared.
 */
export function TutorDirectory({ bookTrial }: { bookTrial: BookTrialSlot }) {
  usePageMeta('Find a tutor');
  const [search, setSearch] = useSearchParams();
  const state = useMemo(() => readDirectoryState(search, deviceTimeZone()), [search]);
  const change = (field: keyof DirectoryState) => (value: string | number) =>
    setSearch(directorySearch(changeDirectory(state, field, value)));
  const { data: catalogue } = useApi(['curriculums.listWithGrades']);
  const curriculum = catalogue?.docs.find((c) => c.name === state.curriculum);
  const query = {
    country: state.country,
    limit: DIRECTORY_PAGE_SIZE,
    offset: (state.page - 1) * DIRECTORY_PAGE_SIZE,
    ...(state.curriculum ? { curriculum: state.curriculum } : {}),
    ...(state.subject ? { subject: state.subject } : {}),
    ...(state.grade ? { grade: state.grade } : {}),
  };
  const { data, isLoading } = useApi(['tutors.list', { query }], { keepPreviousData: true });
  const pages = data ? Math.max(1, Math.ceil(data.totalDocs / DIRECTORY_PAGE_SIZE)) : 1;
  const from = data && data.docs.length > 0 ? query.offset + 1 : 0;
  const to = data ? query.offset + data.docs.length : 0;
  const chosen = { curriculum: state.curriculum, subject: state.subject, grade: state.grade };
  const profileQuery = {
    country: state.country,
    ...(state.curriculum ? { curriculum: state.curriculum } : {}),
    ...(state.grade ? { grade: state.grade } : {}),
  };

  return (
    <Stack maxW="6xl" mx="auto" px="4" py={{ base: '6', md: '10' }} gap="6">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          Find a tutor
        </Heading>
        <Text color="fg.muted">Browse our tutors, see what they teach and book a free trial class.</Text>
      </Stack>
      <SimpleGrid columns={{ base: 1, sm: 2, md: 4 }} gap="3" as="search" aria-label="Filter tutors">
        <SelectField label="Country" value={state.country} onChange={change('country')}>
          {countryList.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Curriculum"
          value={state.curriculum}
          onChange={change('curriculum')}
          placeholder="Any"
        >
          {catalogue?.docs.map((c) => (
            <option key={c._id} value={c.name}>
              {c.name}
            </option>
          ))}
        </SelectField>
        <SelectField label="Subject" value={state.subject} onChange={change('subject')} placeholder="Any">
          {(curriculum ? curriculum.subjects.map((s) => s.name) : uniqueSubjects(catalogue?.docs ?? [])).map(
            (name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ),
          )}
        </SelectField>
        <SelectField label="Grade" value={state.grade} onChange={change('grade')} placeholder="Any">
          {(curriculum ? curriculum.grades : uniqueGrades(catalogue?.docs ?? [])).map((grade) => (
            <option key={grade} value={grade}>
              {grade}
            </option>
          ))}
        </SelectField>
      </SimpleGrid>
      <Text fontSize="sm" color="fg.muted" aria-live="polite" data-testid="tutor-total">
        {data
          ? data.totalDocs === 0
            ? 'No tutors found'
            : `${from}–${to} of ${data.totalDocs} tutors`
          : ' '}
      </Text>
      {isLoading && !data ? (
        <SimpleGrid columns={{ base: 1, sm: 2, md: 3 }} gap="4">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h="48" rounded="md" />
          ))}
        </SimpleGrid>
      ) : data && data.docs.length === 0 ? (
        <Text>
          No tutor in this country teaches what you chose yet. Try another subject or grade, or book a free
          trial and we will find you one.
        </Text>
      ) : (
        <SimpleGrid columns={{ base: 1, sm: 2, md: 3 }} gap="4">
          {data?.docs.map((tutor) => (
            <TutorCard
              key={tutor._id}
              tutor={tutor}
              href={
                <Link asChild>
                  <RouterLink to={withQuery(tutorPath(tutor._id), profileQuery)}>
                    {tutorName(tutor)}
                  </RouterLink>
                </Link>
              }
              action={bookTrial({
                _id: tutor._id,
                name: tutorName(tutor),
                subjects: tutor.subjects,
                start: chosen,
              })}
            />
          ))}
        </SimpleGrid>
      )}
      {pages > 1 && (
        <HStack justify="center" gap="3" as="nav" aria-label="Pages">
          <Button
            size="sm"
            variant="outline"
            disabled={state.page <= 1}
            onClick={() => change('page')(state.page - 1)}
          >
            Previous
          </Button>
          <Text fontSize="sm">
            Page {state.page} of {pages}
          </Text>
          <Button
            size="sm"
            variant="outline"
            disabled={state.page >= pages}
            onClick={() => change('page')(state.page + 1)}
          >
            Next
          </Button>
        </HStack>
      )}
    </Stack>
  );
}

function uniqueSubjects(curricula: ReadonlyArray<{ subjects: ReadonlyArray<{ name: string }> }>): string[] {
  return [...new Set(curricula.flatMap((c) => c.subjects.map((s) => s.name)))].sort();
}

function uniqueGrades(curricula: ReadonlyArray<{ grades: readonly string[] }>): string[] {
  return [...new Set(curricula.flatMap((c) => c.grades))].sort((a, b) =>
    a.localeCompare(b, undefined, { numeric: true }),
  );
}
