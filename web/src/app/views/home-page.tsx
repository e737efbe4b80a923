import { Box, Button, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useDeferredValue } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { TenantName } from '../../components/tenant-name';
import { paths } from '../../config/paths';
import { HomeCatalogue } from '../../features/catalogue/home-catalogue';
import { BookTrialButton } from '../../features/trials/book-trial-button';
import { useSession } from '../../lib/session';

const sellingPoints = [
  'Comprehensive Revision of Syllabus',
  'Certified Subject Specialist Tutors',
  'Exam Focussed Approach',
  'Past Paper Practice',
  'Recorded Lessons',
  'Access to our Learning Platform Resources',
];

export default function HomePage() {
  const session = useSession();
  // The hero is what a visitor sees first: it renders and paints on its own, and the sections below the
  // fold follow in a second, interruptible render (their data is already on its way, see app/route-data).
  const showBelowFold = useDeferredValue(true, false);
  return (
    <Box>
      <Box
        // The brand's solid colour and darker: white text reads at 4.5:1 or more all the way across.
        bgGradient="to-br"
        gradientFrom="brand.solid"
        gradientTo="brand.800"
        color="white"
        py={{ base: 16, md: 24 }}
      >
        <Stack maxW="4xl" mx="auto" px="4" gap="6" textAlign="center" align="center">
          <Heading as="h1" size={{ base: '3xl', md: '5xl' }}>
            Learn with expert tutors at <TenantName />
          </Heading>
          <Text fontSize="lg" opacity={0.9}>
            Live one-to-one and group classes, curriculum lessons, quizzes and past papers.
          </Text>
          <HStack gap="3" wrap="wrap" justify="center">
            {(!session || (session.user.type === 'student' && !session.user.isTrialApplied)) && (
              <BookTrialButton
                trigger={
                  <Button size="lg" bg="orange.400" color="white" _hover={{ bg: 'orange.500' }}>
                    Book your FREE Class
                  </Button>
                }
              />
            )}
            {session ? (
              <Button asChild size="lg" bg="white" color="brand.700" _hover={{ bg: 'brand.50' }}>
                <RouterLink to={paths.portal}>Go to your portal</RouterLink>
              </Button>
            ) : (
              <>
                <Button asChild size="lg" bg="white" color="brand.700" _hover={{ bg: 'brand.50' }}>
                  <RouterLink to={paths.signUp}>Get started</RouterLink>
                </Button>
                <Button
                  asChild
                  size="lg"
                  variant="outline"
                  color="white"
                  borderColor="white"
                  _hover={{ bg: 'whiteAlpha.200' }}
                >
                  <RouterLink to={paths.login}>Log in</RouterLink>
                </Button>
              </>
            )}
          </HStack>
          <Button asChild variant="plain" color="white" textDecoration="underline">
            <RouterLink to={paths.tutors}>Meet our tutors</RouterLink>
          </Button>
        </Stack>
      </Box>
      {showBelowFold && (
        <>
          <HomeCatalogue />
          <SimpleGrid maxW="6xl" mx="auto" px="4" py="12" columns={{ base: 1, sm: 2, md: 3 }} gap="6">
            {sellingPoints.map((point) => (
              <Box
                key={point}
                bg="bg"
                p="6"
                rounded="lg"
                shadow="sm"
                borderTopWidth="4px"
                borderTopColor="brand.solid"
              >
                <Text fontWeight="semibold">{point}</Text>
              </Box>
            ))}
          </SimpleGrid>
        </>
      )}
    </Box>
  );
}
