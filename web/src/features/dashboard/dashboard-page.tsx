import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Field,
  Heading,
  HStack,
  Input,
  NativeSelect,
  Progress,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { LuBookmark, LuMessageCircleQuestion } from 'react-icons/lu';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { usageKinds, usageLabel } from '../../../../shared/learning/usage';
import type { SubjectProgressDoc } from '../../../../shared/schemas/learning-data';
import { FullScreenSpinner } from '../../components/full-screen-spinner';
import { RequireSession } from '../../components/require-session';
import { pastPapersPath, paths } from '../../config/paths';
import { storageKeys } from '../../config/storage-keys';
import { callApi } from '../../lib/api-client';
import { formatDate } from '../../lib/format';
import { usePageMeta } from '../../lib/meta-tags';
import { canCall, holdsReader } from '../../lib/permissions';
import { useAuthUser } from '../../lib/use-auth-user';
import {
  useBookmarks,
  useCurricula,
  useCurriculumProgress,
  useOnboarding,
  useSessions,
  useStudents,
  useUsageDetails,
} from './api';
import { BandLegend, BarChart, bandColors, ProgressRing } from './charts';
import { defaultCurriculum, defaultLearner, focusSubject, ringSubjects } from './selection';

function Dashboard() {
  usePageMeta('My learning');
  const { user } = useAuthUser();
  const me = user!._id;
  const family = user?.userMapper?.users;
  const [search] = useSearchParams();
  const [learner, setLearner] = useState(() => defaultLearner(me, family, search.get('learner')));
  // GET /students answers user admins (every student) and tutors (their own); its access lets others through
  // to that check.
  const teaches =
    canCall(user, 'students.list') && (user?.type === 'tutor' || holdsReader(user, 'anyLearner'));
  const [pickedName, setPickedName] = useState<string>();
  const learnerName = family?.find((u) => u._id === learner)?.firstname ?? pickedName ?? user!.firstname;
  const viewingSelf = learner === me;
  const inFamily = viewingSelf || !!family?.some((u) => u._id === learner);

  const curricula = useCurricula();
  // Onboarding answers are private to the family (and user admins): a tutor's dashboard does without them.
  const readsPrivate = inFamily || holdsReader(user, 'anyLearner');
  const onboarding = useOnboarding(readsPrivate ? learner : undefined);
  const names = useMemo(() => (curricula.data?.docs ?? []).map((c) => c.name), [curricula.data]);
  const [curriculum, setCurriculum] = useState<string>();
  useEffect(() => {
    if (curriculum && names.includes(curriculum)) return;
    if (!curricula.data || (readsPrivate && onboarding.data === undefined)) return;
    setCurriculum(
      defaultCurriculum(
        names,
        localStorage.getItem(storageKeys.selectedDashboardCurriculum),
        onboarding.data?.curriculum,
      ),
    );
  }, [curriculum, names, curricula.data, onboarding.data, readsPrivate]);
  const chooseCurriculum = (name: string) => {
    localStorage.setItem(storageKeys.selectedDashboardCurriculum, name);
    setCurriculum(name);
  };

  const progress = useCurriculumProgress(curriculum, learner);
  const [chosenSubject, setChosenSubject] = useState<string>();
  const subjects = progress.data?.subjects ?? [];
  const focus = focusSubject(subjects, chosenSubject);
  const rings = ringSubjects(subjects, onboarding.data?.subjects ?? []);

  useEffect(() => {
    void callApi('analytics.record', { body: { name: 'dashboard.view', path: paths.dashboard } }).catch(
      () => undefined,
    );
  }, []);

  return (
    <Box maxW="7xl" mx="auto" px="4" py="8">
      <Stack gap="6">
        <HStack justify="space-between" align="end" wrap="wrap" gap="4">
          <Stack gap="1">
            <Heading as="h1" size="2xl">
              {viewingSelf ? 'My learning' : `${learnerName}'s learning`}
            </Heading>
            <Text color="fg.muted">Progress, quiz scores, study sessions and bookmarks.</Text>
          </Stack>
          <HStack gap="3" align="end" wrap="wrap">
            {teaches && (
              <StudentPicker
                value={viewingSelf ? undefined : learner}
                onChange={(student) => {
                  setLearner(student._id);
                  setPickedName(student.firstname);
                  setChosenSubject(undefined);
                }}
              />
            )}
            {family && family.length > 1 && (
              <Field.Root w="56">
                <Field.Label>Learner</Field.Label>
                <NativeSelect.Root size="sm">
                  <NativeSelect.Field
                    aria-label="Learner"
                    value={learner}
                    onChange={(event) => {
                      setLearner(event.target.value);
                      setChosenSubject(undefined);
                    }}
                  >
                    {family.map((account) => (
                      <option key={account._id} value={account._id}>
                        {account.firstname} {account.lastname}
                        {account._id === me ? ' (you)' : ''}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
            )}
            <Field.Root w="64">
              <Field.Label>Curriculum</Field.Label>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field
                  aria-label="Curriculum"
                  value={curriculum ?? ''}
                  onChange={(event) => {
                    chooseCurriculum(event.target.value);
                    setChosenSubject(undefined);
                  }}
                >
                  {names.map((name) => (
                    <option key={name} value={name}>
                      {name}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
          </HStack>
        </HStack>

        {viewingSelf && onboarding.data && !onboarding.data.completed && (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Tell us about your studies</Alert.Title>
              <Alert.Description>
                Choose your curriculum, grade and subjects so your dashboard shows what matters to you.
              </Alert.Description>
            </Alert.Content>
            <Button asChild size="sm" colorPalette="brand">
              <RouterLink to={paths.onboarding}>Start</RouterLink>
            </Button>
          </Alert.Root>
        )}

        {!progress.data ? (
          <FullScreenSpinner belowHeader />
        ) : (
          <>
            <Box as="section" aria-label="Subjects">
              <Heading as="h2" size="lg" mb="3">
                Subjects
              </Heading>
              <SimpleGrid columns={{ base: 2, sm: 3, md: 4, lg: 6 }} gap="4">
                {rings.map((subject) => (
                  <SubjectCard
                    key={subject.subjectId}
                    subject={subject}
                    selected={subject.subjectId === focus?.subjectId}
                    onSelect={() => setChosenSubject(subject.subjectId)}
                  />
                ))}
              </SimpleGrid>
            </Box>
            {focus && <SubjectDetail subject={focus} />}
          </>
        )}

        <SimpleGrid columns={{ base: 1, lg: 3 }} gap="6">
          <RecentSessions studentId={learner} />
          <Bookmarks studentId={learner} />
          {canCall(user, 'usage.userDetails') && readsPrivate && <UsageCard userId={learner} />}
        </SimpleGrid>
      </Stack>
    </Box>
  );
}

/**
 * Tutors (their courses' students) and user admins (every student) choose whose dashboard to read: a search
 * box and a list that loads more on demand (GET /students with searchText, limit and offset). The first
 * student opens by default.
 */
function StudentPicker({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (student: { _id: string; firstname: string }) => void;
}) {
  const [search, setSearch] = useState('');
  const { data, size, setSize, isValidating } = useStudents(search.trim());
  const students = data?.flatMap((page) => page.docs) ?? [];
  const total = data?.[0]?.totalDocs ?? 0;
  const first = students[0];
  useEffect(() => {
    if (!value && first) onChange(first);
  }, [value, first, onChange]);
  return (
    <HStack gap="2" align="end" wrap="wrap">
      <Field.Root w="44">
        <Field.Label>Find a student</Field.Label>
        <Input
          size="sm"
          placeholder="Name or e-mail"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </Field.Root>
      <Field.Root w="56">
        <Field.Label>Student</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field
            aria-label="Student"
            value={value ?? ''}
            onChange={(event) => {
              const student = students.find((s) => s._id === event.target.value);
              if (student) onChange(student);
            }}
          >
            {!students.some((s) => s._id === value) && (
              <option value="">{students.length ? 'Choose a student' : 'No students found'}</option>
            )}
            {students.map((student) => (
              <option key={student._id} value={student._id}>
                {student.firstname} {student.lastname}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      {students.length < total && (
        <Button size="sm" variant="ghost" loading={isValidating} onClick={() => void setSize(size + 1)}>
          Load more
        </Button>
      )}
    </HStack>
  );
}

function SubjectCard({
  subject,
  selected,
  onSelect,
}: {
  subject: SubjectProgressDoc;
  selected: boolean;
  onSelect: () => void;
}) {
  return (
    <Card.Root
      as="button"
      variant={selected ? 'subtle' : 'outline'}
      borderColor={selected ? 'brand.solid' : undefined}
      borderWidth={selected ? '2px' : '1px'}
      onClick={onSelect}
      aria-pressed={selected}
      cursor="pointer"
      textAlign="center"
      data-testid="subject-card"
    >
      <Card.Body alignItems="center" gap="2" p="4">
        <ProgressRing percent={subject.percent} label={subject.name} size={96} />
        <Text fontWeight="semibold" lineClamp={2}>
          {subject.name}
        </Text>
        <Text fontSize="xs" color="fg.muted">
          {subject.subjectCode} · {subject.completedSubTopics}/{subject.totalSubTopics} done
        </Text>
      </Card.Body>
    </Card.Root>
  );
}

function SubjectDetail({ subject }: { subject: SubjectProgressDoc }) {
  const topicBars = subject.topics.map((topic) => ({ label: topic.name, value: topic.percent }));
  const scoreBars = subject.topics
    .filter((topic) => topic.averageScore !== null)
    .map((topic) => ({
      label: topic.name,
      value: topic.averageScore!,
      valueLabel: `${topic.averageScore}%`,
      tone: bandColors[topic.band!],
    }));
  const subjectPath = `/${subject.curriculumSlug}/${subject.slug}`;
  return (
    <Box as="section" aria-label={`${subject.name} progress`}>
      <HStack justify="space-between" wrap="wrap" mb="3" gap="3">
        <Heading as="h2" size="lg">
          {subject.name}{' '}
          <Text as="span" color="fg.muted" fontWeight="normal">
            ({subject.subjectCode})
          </Text>
        </Heading>
        <HStack gap="3" wrap="wrap">
          <Badge colorPalette="brand" size="lg">
            {subject.percent}% complete
          </Badge>
          {subject.band && (
            <Badge
              size="lg"
              colorPalette={subject.band === 'Revise' ? 'red' : subject.band === 'Good' ? 'orange' : 'green'}
            >
              Average score {subject.averageScore}% · {subject.band}
            </Badge>
          )}
          <Button asChild size="sm" variant="outline">
            <RouterLink to={subjectPath}>Study {subject.name}</RouterLink>
          </Button>
          <Button asChild size="sm" variant="outline">
            <RouterLink to={pastPapersPath(subject)}>Past papers</RouterLink>
          </Button>
        </HStack>
      </HStack>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
        <Card.Root>
          <Card.Body gap="3">
            <Heading as="h3" size="md">
              Progress by topic
            </Heading>
            <BarChart title={`${subject.name} progress by topic`} data={topicBars} />
          </Card.Body>
        </Card.Root>
        <Card.Root>
          <Card.Body gap="3">
            <Heading as="h3" size="md">
              Quiz scores by topic
            </Heading>
            <BarChart
              title={`${subject.name} quiz scores by topic`}
              data={scoreBars}
              guides={[60, 90]}
              emptyText="No quiz scores yet: scores show here once a quiz is taken."
            />
            <BandLegend />
          </Card.Body>
        </Card.Root>
      </SimpleGrid>
    </Box>
  );
}

function RecentSessions({ studentId }: { studentId: string }) {
  const { data, size, setSize, isValidating } = useSessions(studentId);
  const docs = data?.flatMap((page) => page.docs) ?? [];
  const total = data?.[0]?.totalDocs ?? 0;
  return (
    <Card.Root as="section" aria-label="Recent study sessions">
      <Card.Body gap="3">
        <Heading as="h2" size="md">
          Recent study sessions
        </Heading>
        {data && docs.length === 0 && <Text color="fg.muted">No study sessions yet.</Text>}
        <Stack gap="2">
          {docs.map((session) => (
            <HStack key={session._id} justify="space-between" borderBottomWidth="1px" pb="2">
              <Stack gap="0">
                <Text fontWeight="medium">{session.subTopicName}</Text>
                <Text fontSize="xs" color="fg.muted">
                  {formatDate(session.createdAt)} · {session.subjectCode}
                </Text>
              </Stack>
              <HStack
                gap="1"
                color="fg.muted"
                fontSize="sm"
                title="Questions asked"
                aria-label={`${session.questions.length} question${session.questions.length === 1 ? '' : 's'} asked`}
              >
                <LuMessageCircleQuestion /> {session.questions.length}
              </HStack>
            </HStack>
          ))}
        </Stack>
        {docs.length < total && (
          <Button size="sm" variant="outline" loading={isValidating} onClick={() => void setSize(size + 1)}>
            Load more
          </Button>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function Bookmarks({ studentId }: { studentId: string }) {
  const { data } = useBookmarks(studentId);
  return (
    <Card.Root as="section" aria-label="Bookmarks">
      <Card.Body gap="3">
        <Heading as="h2" size="md">
          Bookmarks
        </Heading>
        {data && data.docs.length === 0 && <Text color="fg.muted">No bookmarks yet.</Text>}
        <Stack gap="2">
          {data?.docs.slice(0, 8).map((bookmark) => (
            <HStack key={bookmark._id} gap="3" borderBottomWidth="1px" pb="2">
              <LuBookmark />
              <Stack gap="0" flex="1">
                <Text fontWeight="medium">{bookmark.subTopicName}</Text>
                <Text fontSize="xs" color="fg.muted">
                  {bookmark.subject} · page {bookmark.pageNo}
                </Text>
              </Stack>
              {bookmark.isMeetingEnded !== undefined && (
                <Badge colorPalette={bookmark.isMeetingEnded ? 'gray' : 'green'}>
                  {bookmark.isMeetingEnded ? 'Lesson ended' : 'In lesson'}
                </Badge>
              )}
            </HStack>
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

const usageKindNames: Record<(typeof usageKinds)[number], string> = {
  slideViews: 'Slide views',
  quizAttempts: 'Quiz attempts',
  videoWatches: 'Videos',
};

function UsageCard({ userId }: { userId: string }) {
  const { data } = useUsageDetails(userId);
  if (!data) return null;
  const limitation = data.limitation;
  return (
    <Card.Root as="section" aria-label="This month's usage">
      <Card.Body gap="3">
        <HStack justify="space-between">
          <Heading as="h2" size="md">
            This month
          </Heading>
          <Badge colorPalette={limitation ? 'gray' : 'purple'}>
            {limitation ? 'Free plan' : 'Unlimited'}
          </Badge>
        </HStack>
        {limitation ? (
          <Stack gap="3">
            {usageKinds.map((kind) => {
              const used = data.usage[kind];
              const limit = limitation[kind];
              const percent = limit ? Math.min(100, Math.round((100 * used) / limit)) : 100;
              return (
                <Stack key={kind} gap="1">
                  <HStack justify="space-between" fontSize="sm">
                    <Text>{usageKindNames[kind]}</Text>
                    <Text fontWeight="semibold">
                      {used} of {limit}
                    </Text>
                  </HStack>
                  <Progress.Root
                    value={percent}
                    size="sm"
                    colorPalette={used >= limit ? 'red' : 'brand'}
                    aria-label={`${usageLabel(kind, used)} used of ${limit}`}
                  >
                    <Progress.Track>
                      <Progress.Range />
                    </Progress.Track>
                  </Progress.Root>
                </Stack>
              );
            })}
          </Stack>
        ) : (
          <Text color="fg.muted" fontSize="sm">
            {usageKinds.map((kind) => usageLabel(kind, data.usage[kind])).join(' · ')}
          </Text>
        )}
        <Text fontSize="xs" color="fg.muted">
          Counts start again on {formatDate(data.resetsAt)}.
        </Text>
      </Card.Body>
    </Card.Root>
  );
}

export default function DashboardPage() {
  return (
    <RequireSession>
      <Dashboard />
    </RequireSession>
  );
}
