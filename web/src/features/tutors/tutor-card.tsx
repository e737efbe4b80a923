import { Badge, Box, Card, Heading, HStack, Stack, Text, Wrap } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuStar } from 'react-icons/lu';
import { countryName } from '../../../../shared/schemas/countries';
import type { PublicTutor } from '../../../../shared/schemas/tutor-directory';
import { availabilityText } from './directory-state';

/** What "Book a free trial" needs of a tutor: the trial dialog opens on them (composed by app/views). */
export interface TutorTrialChoice {
  _id: string;
  name: string;
  subjects: PublicTutor['subjects'];
  start?: { curriculum?: string; subject?: string; grade?: string };
}
export type BookTrialSlot = (tutor: TutorTrialChoice) => ReactNode;

export const tutorName = (tutor: Pick<PublicTutor, 'firstname' | 'lastname'>) =>
  `${tutor.firstname} ${tutor.lastname}`.trim();

/** ★ 4.6 (12 ratings), or that there are none yet. */
export function TutorRating({ rating }: { rating: PublicTutor['rating'] }) {
  if (rating.average === null) {
    return (
      <Text fontSize="sm" color="fg.muted">
        No ratings yet
      </Text>
    );
  }
  return (
    <HStack gap="1" fontSize="sm" aria-label={`Rated ${rating.average} out of 5 by ${rating.count}`}>
      <Box as={LuStar} color="orange.400" fill="orange.400" />
      <Text fontWeight="semibold">{rating.average.toFixed(1)}</Text>
      <Text color="fg.muted">
        ({rating.count} {rating.count === 1 ? 'rating' : 'ratings'})
      </Text>
    </HStack>
  );
}

/** `Mathematics` with its curricula and grades: the subjects a tutor teaches, grouped by subject name. */
export function subjectGroups(subjects: PublicTutor['subjects']): Array<{ subject: string; detail: string }> {
  const groups = new Map<string, Set<string>>();
  for (const taught of subjects) {
    const key = `${taught.subject} · ${taught.curriculum}`;
    groups.set(key, (groups.get(key) ?? new Set()).add(taught.grade));
  }
  return [...groups.entries()].map(([subject, grades]) => ({ subject, detail: [...grades].join(', ') }));
}

const MAX_BADGES = 6;

/** `English (Native), French (Intermediate)`. */
export function languagesText(languages: PublicTutor['languages']): string {
  return languages.map((l) => `${l.language} (${l.proficiency})`).join(', ');
}

export function TutorCard({
  tutor,
  href,
  action,
}: {
  tutor: PublicTutor;
  href: ReactNode;
  action: ReactNode;
}) {
  const groups = subjectGroups(tutor.subjects);
  const names = [...new Set(tutor.subjects.map((s) => s.subject))];
  return (
    <Card.Root data-testid="tutor-card" size="sm">
      <Card.Body>
        <Stack gap="3">
          <Stack gap="1">
            <Heading as="h2" size="md">
              {href}
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              {countryName(tutor.country)}
            </Text>
            <TutorRating rating={tutor.rating} />
          </Stack>
          {tutor.headline && <Text fontStyle="italic">{tutor.headline}</Text>}
          <Wrap gap="1" aria-label="Subjects">
            {names.slice(0, MAX_BADGES).map((name) => (
              <Badge key={name} colorPalette="brand" variant="subtle">
                {name}
              </Badge>
            ))}
            {names.length > MAX_BADGES && <Badge variant="outline">+{names.length - MAX_BADGES} more</Badge>}
            {groups.length === 0 && (
              <Text fontSize="sm" color="fg.muted">
                No subjects listed
              </Text>
            )}
          </Wrap>
          <Text fontSize="sm">{availabilityText(tutor.availability)}</Text>
          {tutor.languages.length > 0 && (
            <Text fontSize="sm" color="fg.muted">
              Speaks {languagesText(tutor.languages)}
            </Text>
          )}
          {tutor.strengths.length > 0 && (
            <Text fontSize="sm" color="fg.muted">
              {tutor.strengths.join(' · ')}
            </Text>
          )}
        </Stack>
      </Card.Body>
      <Card.Footer>{action}</Card.Footer>
    </Card.Root>
  );
}
