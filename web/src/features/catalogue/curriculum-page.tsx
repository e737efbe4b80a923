import { Badge, Box, Card, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { FullScreenSpinner } from '../../components/full-screen-spinner';
import { NotFound } from '../../components/not-found';
import { paths } from '../../config/paths';
import { usePageMeta } from '../../lib/meta-tags';
import { CatalogueBreadcrumbs } from './breadcrumbs';
import { useCataloguePath, useHomeCurricula } from './use-catalogue';

/** /{curriculum}: the curriculum's subjects, each with its code, level and how many topics it covers. */
export default function CurriculumPage() {
  const { curriculum: slug = '' } = useParams();
  const resolved = useCataloguePath(`/${slug}`);
  const home = useHomeCurricula();
  const subjectNames = home.data?.docs
    .find((c) => c._id === resolved.data?.curriculum._id)
    ?.subjects.map((s) => s.name);
  usePageMeta(
    resolved.data?.curriculum.name,
    subjectNames?.length
      ? `${resolved.data?.curriculum.name}: notes, videos and exam practice in ${subjectNames.join(', ')}.`
      : undefined,
  );
  if (resolved.missing) return <NotFound />;
  if (!resolved.data || !home.data) return <FullScreenSpinner />;
  const curriculum = home.data.docs.find((c) => c._id === resolved.data!.curriculum._id);
  const subjects = curriculum?.subjects ?? [];
  return (
    <Box maxW="6xl" mx="auto" px="4" py="8">
      <CatalogueBreadcrumbs
        crumbs={[{ label: 'Home', to: paths.home }, { label: resolved.data.curriculum.name }]}
      />
      <Stack gap="2" mb="8">
        <Heading as="h1" size="3xl">
          {resolved.data.curriculum.name}
        </Heading>
        <HStack gap="2" wrap="wrap">
          {resolved.data.curriculum.grades.map((grade) => (
            <Badge key={grade} colorPalette="teal" variant="subtle">
              {grade}
            </Badge>
          ))}
        </HStack>
      </Stack>
      <SimpleGrid columns={{ base: 1, sm: 2, md: 3 }} gap="5">
        {subjects.map((subject) => (
          <Card.Root
            key={subject._id}
            asChild
            variant="outline"
            _hover={{ borderColor: 'teal.400', shadow: 'sm' }}
          >
            <RouterLink to={`/${subject.curriculumSlug}/${subject.slug}`}>
              <Card.Body gap="2">
                <HStack justify="space-between">
                  <Heading as="h2" size="md">
                    {subject.name}
                  </Heading>
                  <Badge variant="outline">{subject.subjectCode}</Badge>
                </HStack>
                <Text color="fg.muted" fontSize="sm">
                  {subject.description}
                </Text>
                <Text fontSize="sm" color="teal.600" _dark={{ color: 'teal.300' }}>
                  {subject.topicCount} topic{subject.topicCount === 1 ? '' : 's'} · {subject.subjectLevel}
                </Text>
              </Card.Body>
            </RouterLink>
          </Card.Root>
        ))}
      </SimpleGrid>
      {subjects.length === 0 && (
        <Text color="fg.muted">No subjects are published for this curriculum yet.</Text>
      )}
    </Box>
  );
}
