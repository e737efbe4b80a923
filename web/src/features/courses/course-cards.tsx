import { Badge, Button, Card, Heading, HStack, SimpleGrid, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { UserCourse } from '../../../../shared/routes/scheduling';
import { paths } from '../../config/paths';
import { formatDateTime } from '../../lib/time-zone';

/** The caller's courses as cards: subject, grade, class type and the next lesson in the viewer's zone. */
export function CourseCards({ courses }: { courses: UserCourse[] }) {
  return (
    <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4">
      {courses.map((course) => (
        <Card.Root key={course._id} data-testid="course-card">
          <Card.Body gap="2">
            <HStack gap="2" wrap="wrap">
              {course.isTrial && <Badge colorPalette="purple">Free trial</Badge>}
              <Badge colorPalette="brand">{course.type}</Badge>
              {course.status === 'DRAFT' && <Badge>Draft</Badge>}
            </HStack>
            <Heading size="md">{course.title}</Heading>
            <Text color="fg.muted" fontSize="sm">
              {course.curriculum} · {course.subject} · {course.grade}
            </Text>
            <Text fontSize="sm">
              Next lesson:{' '}
              <Text as="span" fontWeight="medium">
                {course.nextLesson ? formatDateTime(course.nextLesson.start) : 'none scheduled'}
              </Text>
            </Text>
          </Card.Body>
          <Card.Footer>
            <Button asChild size="sm" colorPalette="brand" variant="outline">
              <RouterLink to={`${paths.portalCourses}/${course._id}`}>Open course</RouterLink>
            </Button>
          </Card.Footer>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}
