import {
  Box,
  Button,
  Card,
  Field,
  Heading,
  HStack,
  Input,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { type ReactNode, useEffect, useState } from 'react';
import { LuCheck } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';
import { mutate } from 'swr';
import { onboardingGoals } from '../../../../shared/schemas/learning-data';
import { FullScreenSpinner } from '../../components/full-screen-spinner';
import { RequireSession } from '../../components/require-session';
import { paths } from '../../config/paths';
import { storageKeys } from '../../config/storage-keys';
import { callApi, useApi } from '../../lib/api-client';
import { usePageMeta } from '../../lib/meta-tags';
import { toastSuccess } from '../../lib/toaster';
import { useAuthUser } from '../../lib/use-auth-user';
import { emptyAnswers, type OnboardingAnswers, onboardingSteps, stepProblem } from './steps';

function OnboardingForm() {
  const { user } = useAuthUser();
  const navigate = useNavigate();
  const curricula = useApi(['curriculums.list']);
  const existing = useApi(['onboarding.get', { params: { id: user!._id } }]);
  const [answers, setAnswers] = useState<OnboardingAnswers>(emptyAnswers);
  const [step, setStep] = useState(0);
  const [saving, setSaving] = useState(false);
  const subjects = useApi(
    answers.curriculum ? ['subjects.list', { query: { curriculum: answers.curriculum } }] : null,
  );

  // Earlier answers are the starting point when the learner comes back to change them.
  useEffect(() => {
    const previous = existing.data;
    if (!previous?.completed) return;
    setAnswers({
      curriculum: previous.curriculum ?? '',
      grade: previous.grade ?? '',
      subjects: previous.subjects ?? [],
      goals: previous.goals ?? [],
      examDate: previous.examDate ?? '',
      notes: previous.notes ?? '',
    });
  }, [existing.data]);

  usePageMeta('Tell us about your studies');
  if (!curricula.data || !existing.data) return <FullScreenSpinner belowHeader />;
  const curriculum = curricula.data.docs.find((c) => c.name === answers.curriculum);
  const problem = stepProblem(step, answers);
  const last = step === onboardingSteps.length - 1;
  const set = (changes: Partial<OnboardingAnswers>) => setAnswers((current) => ({ ...current, ...changes }));

  const save = async () => {
    setSaving(true);
    try {
      await callApi('onboarding.save', {
        body: {
          curriculum: answers.curriculum,
          grade: answers.grade,
          subjects: answers.subjects,
          goals: answers.goals,
          notes: answers.notes.trim(),
          ...(answers.examDate ? { examDate: answers.examDate } : {}),
        },
      });
      localStorage.setItem(storageKeys.selectedDashboardCurriculum, answers.curriculum);
      localStorage.setItem(storageKeys.onboardingUserId, user!._id);
      // The dashboard reads the onboarding (which curriculum, which subjects): it must not show the old one.
      await mutate((key) => Array.isArray(key) && key[0] === 'onboarding.get');
      toastSuccess('Details updated successfully!');
      navigate(paths.dashboard);
    } catch {
      // The API client has shown the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box maxW="3xl" mx="auto" px="4" py="10">
      <Stack gap="6">
        <Stack gap="2">
          <Heading as="h1" size="2xl">
            Tell us about your studies
          </Heading>
          <Text color="fg.muted">
            Step {step + 1} of {onboardingSteps.length}: {onboardingSteps[step]}
          </Text>
          <Progress.Root
            value={((step + 1) / onboardingSteps.length) * 100}
            size="sm"
            colorPalette="brand"
            aria-label="Onboarding progress"
          >
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        </Stack>

        <Card.Root>
          <Card.Body gap="4">
            {step === 0 && (
              <Choices label="Curriculum">
                {curricula.data.docs.map((c) => (
                  <Choice
                    key={c._id}
                    selected={answers.curriculum === c.name}
                    onClick={() =>
                      // A new curriculum has other grades and subjects: those answers start again.
                      c.name !== answers.curriculum && set({ curriculum: c.name, grade: '', subjects: [] })
                    }
                  >
                    {c.name}
                  </Choice>
                ))}
              </Choices>
            )}
            {step === 1 && (
              <Choices label="Grade">
                {(curriculum?.grades ?? []).map((grade) => (
                  <Choice key={grade} selected={answers.grade === grade} onClick={() => set({ grade })}>
                    {grade}
                  </Choice>
                ))}
              </Choices>
            )}
            {step === 2 && (
              <Choices label="Subjects (choose one or more)">
                {(subjects.data?.docs ?? []).map((subject) => {
                  const selected = answers.subjects.includes(subject.subjectCode);
                  return (
                    <Choice
                      key={subject._id}
                      selected={selected}
                      onClick={() =>
                        set({
                          subjects: selected
                            ? answers.subjects.filter((code) => code !== subject.subjectCode)
                            : [...answers.subjects, subject.subjectCode],
                        })
                      }
                    >
                      {subject.name} ({subject.subjectCode})
                    </Choice>
                  );
                })}
              </Choices>
            )}
            {step === 3 && (
              <Stack gap="5">
                <Choices label="Goals (optional)">
                  {onboardingGoals.map((goal) => {
                    const selected = answers.goals.includes(goal);
                    return (
                      <Choice
                        key={goal}
                        selected={selected}
                        onClick={() =>
                          set({
                            goals: selected
                              ? answers.goals.filter((g) => g !== goal)
                              : [...answers.goals, goal],
                          })
                        }
                      >
                        {goal}
                      </Choice>
                    );
                  })}
                </Choices>
                <Field.Root>
                  <Field.Label>Exam date (optional)</Field.Label>
                  <Input
                    type="date"
                    value={answers.examDate}
                    onChange={(e) => set({ examDate: e.target.value })}
                  />
                </Field.Root>
                <Field.Root>
                  <Field.Label>Anything else your tutors should know? (optional)</Field.Label>
                  <Textarea
                    maxLength={1000}
                    value={answers.notes}
                    onChange={(e) => set({ notes: e.target.value })}
                  />
                </Field.Root>
              </Stack>
            )}
            {problem && (
              <Text fontSize="sm" color="fg.muted">
                {problem}
              </Text>
            )}
          </Card.Body>
        </Card.Root>

        <HStack justify="space-between">
          <Button variant="ghost" disabled={step === 0} onClick={() => setStep(step - 1)}>
            Back
          </Button>
          {last ? (
            <Button colorPalette="brand" loading={saving} disabled={!!problem} onClick={save}>
              Save and go to my dashboard
            </Button>
          ) : (
            <Button colorPalette="brand" disabled={!!problem} onClick={() => setStep(step + 1)}>
              Next
            </Button>
          )}
        </HStack>
      </Stack>
    </Box>
  );
}

function Choices({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap="3" role="group" aria-label={label}>
      <Text fontWeight="semibold">{label}</Text>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
        {children}
      </SimpleGrid>
    </Stack>
  );
}

function Choice({
  selected,
  onClick,
  children,
}: {
  selected: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      variant={selected ? 'solid' : 'outline'}
      colorPalette="brand"
      justifyContent="space-between"
      aria-pressed={selected}
      onClick={onClick}
      whiteSpace="normal"
      textAlign="left"
      h="auto"
      py="3"
    >
      {children}
      {selected && <LuCheck />}
    </Button>
  );
}

export default function OnboardingPage() {
  return (
    <RequireSession>
      <OnboardingForm />
    </RequireSession>
  );
}
