import { Avatar, Badge, Box, Button, Card, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { type ReactNode, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { ChildOverview } from '../../../../shared/routes/family';
import { FAMILY_LESSON_WEEKS } from '../../../../shared/rules/family-overview';
import { homeworkPath } from '../../config/course-paths';
import { paths, withQuery } from '../../config/paths';
import { useApi } from '../../lib/api-client';
import { openAsChild } from '../../lib/open-as-child';
import { deviceTimeZone, formatDateTime, formatTime } from '../../lib/time-zone';

const fullName = (person: { firstname: string; lastname: string }) =>
  `${person.firstname} ${person.lastname}`.trim();

/**
 * "Your children" on a parent's portal home (#16 item 13): one card per child on the parent's user-mapper,
 * with the child's next lessons, homework due and latest progress, read by the parent's own account (GET
 * /family/overview), times in the viewer's zone. A course's page is its members', so "Open as Maya" switches
 * into the child's account on that page; the child's learning dashboard opens without switching.
 */
export function ChildrenOverview() {
  const { data, error } = useApi(['family.overview', {}]);
  const zone = deviceTimeZone();
  return (
    <Stack gap="3" as="section" aria-labelledby="your-children">
      <Stack gap="0">
        <Heading size="lg" id="your-children">
          Your children
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          Times in {zone}
        </Text>
      </Stack>
      {error ? (
        <Text color="fg.muted">
          Your children’s lessons could not be loaded. Reload the page to try again.
        </Text>
      ) : !data ? (
        <Text color="fg.muted">Loading your children’s lessons, homework and progress…</Text>
      ) : data.children.length === 0 ? (
        <Text color="fg.muted">
          No child is linked to your account yet. Ask the school to link your children’s accounts to yours.
        </Text>
      ) : (
        data.children.map((overview) => (
          <ChildCard key={overview.child._id} overview={overview} zone={zone} />
        ))
      )}
    </Stack>
  );
}

function ChildCard({ overview, zone }: { overview: ChildOverview; zone: string }) {
  const { child, lessons, homework, progress } = overview;
  const [opening, setOpening] = useState<string>();
  const open = (key: string, routerPath: string) => {
    setOpening(key);
    // A failure is toasted by the API client; the parent stays where they are.
    openAsChild(child._id, routerPath).catch(() => setOpening(undefined));
  };
  const openButton = (key: string, routerPath: string) => (
    <Button
      size="xs"
      variant="ghost"
      colorPalette="brand"
      loading={opening === key}
      disabled={opening !== undefined && opening !== key}
      onClick={() => open(key, routerPath)}
      aria-label={`Open as ${child.firstname}: ${key}`}
    >
      Open as {child.firstname}
    </Button>
  );
  return (
    <Card.Root data-testid="child-card" aria-label={fullName(child)}>
      <Card.Header>
        <HStack justify="space-between" wrap="wrap" gap="3">
          <HStack gap="3" minW="0">
            <Avatar.Root colorPalette="brand" size="sm">
              <Avatar.Fallback name={fullName(child)} />
            </Avatar.Root>
            <Heading size="md">{fullName(child)}</Heading>
          </HStack>
          <HStack gap="2" wrap="wrap">
            <Button asChild size="sm" variant="outline">
              <RouterLink to={withQuery(paths.dashboard, { learner: child._id })}>
                {child.firstname}’s learning
              </RouterLink>
            </Button>
            <Button
              size="sm"
              variant="outline"
              loading={opening === 'portal'}
              disabled={opening !== undefined && opening !== 'portal'}
              onClick={() => open('portal', paths.portal)}
            >
              Switch to {child.firstname}
            </Button>
          </HStack>
        </HStack>
      </Card.Header>
      <Card.Body>
        <SimpleGrid columns={{ base: 1, lg: 3 }} gap="6">
          <ListBlock title="Next lessons" testId="child-lessons">
            {lessons.length === 0 ? (
              <Empty>
                No lessons booked for {child.firstname} in the next {FAMILY_LESSON_WEEKS} weeks.
              </Empty>
            ) : (
              lessons.map((lesson) => (
                <Row key={lesson.sectionId} testId="child-lesson">
                  <HStack gap="2" wrap="wrap">
                    <Text
                      fontWeight="medium"
                      textDecoration={lesson.status === 'CANCELLED' ? 'line-through' : undefined}
                    >
                      {lesson.title}
                    </Text>
                    {lesson.type === 'TRIAL' && <Badge colorPalette="purple">Free trial</Badge>}
                    {lesson.status === 'CANCELLED' && <Badge colorPalette="red">Cancelled</Badge>}
                    {lesson.joinOpen && <Badge colorPalette="green">Open to join now</Badge>}
                  </HStack>
                  <Text fontSize="sm">
                    {formatDateTime(lesson.start, zone)} – {formatTime(lesson.end, zone)}
                  </Text>
                  <Text color="fg.muted" fontSize="sm">
                    {lesson.courseTitle}
                    {lesson.tutor ? ` · with ${fullName(lesson.tutor)}` : ''}
                  </Text>
                  <Box>
                    {openButton(
                      `${lesson.courseTitle}, ${lesson.title}`,
                      `${paths.portalCourses}/${encodeURIComponent(lesson.courseId)}`,
                    )}
                  </Box>
                </Row>
              ))
            )}
          </ListBlock>
          <ListBlock title="Homework due" testId="child-homework">
            {homework.length === 0 ? (
              <Empty>No homework due for {child.firstname}.</Empty>
            ) : (
              homework.map((item) => (
                <Row key={item.sectionId} testId="child-homework-item">
                  <HStack gap="2" wrap="wrap">
                    <Text fontWeight="medium">{item.title}</Text>
                    {item.overdue && <Badge colorPalette="red">Overdue</Badge>}
                  </HStack>
                  <Text fontSize="sm">Due {formatDateTime(item.dueAt, zone)}</Text>
                  <Text color="fg.muted" fontSize="sm">
                    {item.courseTitle}
                  </Text>
                  <Box>{openButton(item.title, homeworkPath(item.courseId, item.sectionId))}</Box>
                </Row>
              ))
            )}
          </ListBlock>
          <ListBlock title="Recent progress" testId="child-progress">
            {progress.length === 0 ? (
              <Empty>{child.firstname} has not studied on the platform yet.</Empty>
            ) : (
              progress.map((entry) => (
                <Row key={entry.subTopicId} testId="child-progress-item">
                  <Text fontWeight="medium">{entry.subTopicName}</Text>
                  <Text color="fg.muted" fontSize="sm">
                    {[entry.curriculum, entry.subjectName].filter(Boolean).join(' · ')}
                  </Text>
                  <HStack gap="2" wrap="wrap">
                    <Badge colorPalette={entry.status === 'COMPLETED' ? 'green' : 'gray'}>
                      {entry.status === 'COMPLETED' ? 'Done' : `${entry.percent}% read`}
                    </Badge>
                    {entry.bestScore !== null && (
                      <Badge colorPalette={entry.band === 'Revise' ? 'orange' : 'teal'}>
                        Best quiz {entry.bestScore}%{entry.band ? ` · ${entry.band}` : ''}
                      </Badge>
                    )}
                  </HStack>
                  <Text color="fg.muted" fontSize="xs">
                    Studied {formatDateTime(entry.updatedAt, zone)}
                  </Text>
                </Row>
              ))
            )}
          </ListBlock>
        </SimpleGrid>
      </Card.Body>
    </Card.Root>
  );
}

function ListBlock({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Stack gap="2" data-testid={testId} minW="0">
      <Heading as="h3" size="sm">
        {title}
      </Heading>
      <Stack gap="3">{children}</Stack>
    </Stack>
  );
}

function Row({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <Stack gap="0.5" data-testid={testId} borderLeftWidth="2px" borderColor="brand.muted" ps="3" minW="0">
      {children}
    </Stack>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return (
    <Text color="fg.muted" fontSize="sm">
      {children}
    </Text>
  );
}
