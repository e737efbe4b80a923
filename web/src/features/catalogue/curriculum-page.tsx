import { Badge, Box, Card, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { summarizeLabels } from '../../../../shared/rules/labels';
import { FullScreenSpinner } from '../../components/full-screen-spinner';
import { paths } from '../../config/paths';
import { usePageMeta } from '../../lib/meta-tags';
import { CatalogueBreadcrumbs } from './breadcrumbs';
import { CatalogueNotFound } from './catalogue-not-found';
import { type ResolvedCataloguePath, useCataloguePath, useHomeCurricula } from './use-catalogue';

/** /{curriculum}: the curriculum's subjects, each with its code, level and how many topics it covers. */
export default function CurriculumPage() {
  const { curriculum: slug = '' } = useParams();
  const resolved = useCataloguePath(`/${slug}`);
  if (resolved.missing) return <CatalogueNotFound />;
  if (!resolved.data) return <FullScreenSpinner />;
  return <CurriculumView curriculum={resolved.data.curriculum} />;
}

/** A resolved curriculum's page (also rendered by the catch-all content page). */
export function CurriculumView({ curriculum }: { curriculum: ResolvedCataloguePath['curriculum'] }) {
  const home = useHomeCurricula();
  const withSubjects = home.data?.docs.find((c) => c._id === curriculum._id);
  const subjectNames = withSubjects?.subjects.map((s) => s.name);
  usePageMeta(
    curriculum.name,
    subjectNames?.length
      ? `${curriculum.name}: notes, videos and exam practice in ${subjectNames.join(', ')}.`
      : undefined,
  );
  if (!home.data) return <FullScreenSpinner />;
  const subjects = withSubjects?.subjects ?? [];
  return (
    <Box maxW="6xl" mx="auto" px="4" py="8">
      <CatalogueBreadcrumbs crumbs={[{ label: 'Home', to: paths.home }, { label: curriculum.name }]} />
      <Stack gap="2" mb="8">
        <Heading as="h1" size="3xl">
          {curriculum.name}
        </Heading>
        {curriculum.grades.length > 0 && (
          <HStack gap="2">
            <Badge colorPalette="brand" variant="subtle" data-testid="curriculum-grades">
              {summarizeLabels(curriculum.grades)}
            </Badge>
          </HStack>
        )}
      </Stack>
      <SimpleGrid columns={{ base: 1, sm: 2, md: 3 }} gap="5">
        {subjects.map((subject) => (
          <Card.Root
            key={subject._id}
            asChild
            variant="outline"
            _hover={{ borderColor: 'brand.border', shadow: 'sm' }}
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
                <Text fontSize="sm" color="brand.fg">
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
