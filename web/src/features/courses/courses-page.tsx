import { Box, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { RequireSession } from '../../components/require-session';
import { useMyCourses } from '../../lib/api/courses';
import { usePageMeta } from '../../lib/meta-tags';
import { deviceTimeZone } from '../../lib/time-zone';
import { CourseCards } from './course-cards';

function Courses() {
  usePageMeta('My courses');
  const [searchText, setSearchText] = useState('');
  const { data, isLoading } = useMyCourses({
    limit: 100,
    offset: 0,
    searchText,
    deviceTimezone: deviceTimeZone(),
  });
  return (
    <Box maxW="7xl" mx="auto" px="4" py="8">
      <Stack gap="6">
        <HStack justify="space-between" wrap="wrap" gap="3">
          <Heading as="h1" size="2xl">
            My courses
          </Heading>
          <Input
            maxW="xs"
            placeholder="Search courses"
            aria-label="Search courses"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
          />
        </HStack>
        {data && data.docs.length > 0 && <CourseCards courses={data.docs} />}
        {data && data.docs.length === 0 && !isLoading && (
          <Text color="fg.muted">
            {searchText ? 'No course matches your search.' : 'You have no courses yet.'}
          </Text>
        )}
      </Stack>
    </Box>
  );
}

export default function CoursesPage() {
  return (
    <RequireSession>
      <Courses />
    </RequireSession>
  );
}
