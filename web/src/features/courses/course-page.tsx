import { Badge, Box, Card, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { CourseDetail } from '../../../../shared/routes/scheduling';
import { isLessonKind, type SectionTree } from '../../../../shared/schemas/section';
import { RequireSession } from '../../components/require-session';
import { paths } from '../../config/paths';
import { useApi } from '../../lib/api-client';
import { deviceTimeZone } from '../../lib/time-zone';
import { LessonRow } from './lesson-row';

const kindLabels: Record<string, string> = { RESOURCE: 'Resource', HOMEWORK: 'Homework' };

function SectionNode({ node, depth }: { node: SectionTree; depth: number }) {
  if (isLessonKind(node.kind)) return <LessonRow lesson={node} />;
  if (node.kind === 'SECTION') {
    return (
      <Stack gap="3" pl={depth > 0 ? '4' : '0'} borderLeftWidth={depth > 0 ? '2px' : '0'}>
        <Heading size={depth === 0 ? 'md' : 'sm'}>{node.title}</Heading>
        {node.description && <Text color="fg.muted">{node.description}</Text>}
        {node.sections.map((child) => (
          <SectionNode key={child._id} node={child} depth={depth + 1} />
        ))}
      </Stack>
    );
  }
  return (
    <HStack gap="2">
      <Badge>{kindLabels[node.kind] ?? node.kind}</Badge>
      <Text>{node.title}</Text>
      {node.kind === 'HOMEWORK' && (
        <Link asChild color="teal.fg" fontSize="sm">
          <RouterLink
            to={`${paths.portalCourses}/${encodeURIComponent(node.course)}/homework/${encodeURIComponent(node._id)}`}
          >
            Open homework
          </RouterLink>
        </Link>
      )}
      {node.kind === 'RESOURCE' && node.resource && (
        <Link href={node.resource.url} target="_blank" rel="noreferrer" color="teal.fg" fontSize="sm">
          Open
        </Link>
      )}
    </HStack>
  );
}

function Course() {
  const { courseId } = useParams();
  const { data: course, error } = useApi<CourseDetail>(
    courseId
      ? [
          'courses.get',
          { params: { id: courseId }, query: { subSections: '1', deviceTimezone: deviceTimeZone() } },
        ]
      : null,
  );
  if (error) {
    return (
      <Box maxW="5xl" mx="auto" px="4" py="8">
        <Text>This course could not be loaded.</Text>
      </Box>
    );
  }
  if (!course) return null;
  const names = (members: CourseDetail['tutors']) =>
    members.map((m) => `${m.user.firstname} ${m.user.lastname}`).join(', ') || '-';
  return (
    <Box maxW="5xl" mx="auto" px="4" py="8">
      <Stack gap="6">
        <Stack gap="2">
          <HStack gap="2" wrap="wrap">
            {course.isTrial && <Badge colorPalette="purple">Free trial</Badge>}
            <Badge colorPalette="teal">{course.type}</Badge>
            <Badge>{course.status}</Badge>
          </HStack>
          <Heading size="2xl">{course.title}</Heading>
          <Text color="fg.muted">
            {course.curriculum} · {course.subject} · {course.grade}
          </Text>
          {course.description && <Text>{course.description}</Text>}
          <Text fontSize="sm">
            Tutor: {names(course.tutors)} · Students: {names(course.students)}
          </Text>
        </Stack>
        <Card.Root>
          <Card.Header>
            <Heading size="lg">Lessons and materials</Heading>
          </Card.Header>
          <Card.Body gap="5">
            {course.sections?.length ? (
              course.sections.map((node) => <SectionNode key={node._id} node={node} depth={0} />)
            ) : (
              <Text color="fg.muted">Nothing here yet.</Text>
            )}
          </Card.Body>
        </Card.Root>
      </Stack>
    </Box>
  );
}

export default function CoursePage() {
  return (
    <RequireSession>
      <Course />
    </RequireSession>
  );
}
