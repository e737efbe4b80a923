import { Badge, Button, Checkbox, Field, HStack, RadioGroup, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { LuStar } from 'react-icons/lu';
import type { CourseDetail } from '../../../../shared/routes/scheduling';
import {
  type FeedbackKind,
  feedbackRewards,
  type LessonFeedback,
} from '../../../../shared/schemas/lesson-feedback';
import type { SectionTree } from '../../../../shared/schemas/section';
import { FormDialog } from '../../components/form-dialog';
import { SelectField } from '../../components/select-field';
import { callApi, useApi } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { toastSuccess } from '../../lib/toaster';

const ratings = ['1', '2', '3', '4', '5'] as const;
const kindTitle: Record<FeedbackKind, string> = { tutor: 'Tutor feedback', student: 'Student feedback' };

/**
 * The feedback the signed-in user gave, newest first (a hundred at most: the lessons a course page shows are
 * recent ones). One read per kind, shared by every lesson row through SWR.
 */
function useGivenFeedback(kind: FeedbackKind, enabled: boolean) {
  const list = kind === 'tutor' ? 'tutorFeedbacks.list' : 'studentFeedbacks.list';
  return useApi(enabled ? [list, { query: { limit: 100 } }] : null);
}

function Stars({ rating }: { rating: number }) {
  return (
    <HStack gap="0.5" aria-label={`${rating} out of 5`} role="img" color="orange.400">
      {ratings.map((value) => (
        <LuStar key={value} fill={Number(value) <= rating ? 'currentColor' : 'none'} size="14" />
      ))}
    </HStack>
  );
}

/**
 * Rate a lesson (spec 002 "Lesson feedback"): a rating from 1 to 5, the rewards that apply and a comment.
 * A student rates the lesson's tutor; the tutor rates one of its students. Given feedback opens again to
 * be changed by its author.
 */
function FeedbackDialog(props: {
  kind: FeedbackKind;
  lesson: SectionTree;
  /** The students the tutor may write about (student feedback). */
  students?: CourseDetail['students'];
  given: LessonFeedback[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { kind, lesson, students = [], given, onClose, onSaved } = props;
  const firstStudent = students[0]?.user._id ?? '';
  const [studentId, setStudentId] = useState(firstStudent);
  const existing = given.find(
    (feedback) => feedback.section === lesson._id && (kind === 'tutor' || feedback.studentId === studentId),
  );
  const [rating, setRating] = useState(existing ? String(existing.rating) : '');
  const [rewards, setRewards] = useState<string[]>(existing?.rewards ?? []);
  const [comment, setComment] = useState(existing?.comment ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const choose = (id: string) => {
    setStudentId(id);
    const other = given.find((feedback) => feedback.section === lesson._id && feedback.studentId === id);
    setRating(other ? String(other.rating) : '');
    setRewards(other?.rewards ?? []);
    setComment(other?.comment ?? '');
  };
  const save = async () => {
    if (!rating) {
      setError('Choose a rating from 1 to 5');
      return;
    }
    setBusy(true);
    const fields = {
      rating: Number(rating),
      rewards: feedbackRewards[kind].filter((reward) => rewards.includes(reward)),
      ...(comment.trim() ? { comment: comment.trim() } : {}),
    };
    try {
      if (existing) {
        if (kind === 'tutor') {
          await callApi('tutorFeedbacks.update', { params: { id: existing._id }, body: fields });
        } else {
          await callApi('studentFeedbacks.update', { params: { id: existing._id }, body: fields });
        }
      } else if (kind === 'tutor') {
        await callApi('tutorFeedbacks.create', { body: { section: lesson._id, ...fields } });
      } else {
        await callApi('studentFeedbacks.create', { body: { section: lesson._id, studentId, ...fields } });
      }
      toastSuccess(`${kindTitle[kind]} ${existing ? 'updated' : 'created'}`);
      onSaved();
    } catch {
      // The red toast said why (already given, lesson not ended yet...).
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormDialog
      title={kind === 'tutor' ? `Rate ${lesson.title}` : `Feedback on a student: ${lesson.title}`}
      onClose={onClose}
      onSave={save}
      busy={busy}
      saveLabel={existing ? 'Update feedback' : 'Send feedback'}
    >
      <Stack gap="4">
        {kind === 'student' && (
          <SelectField label="Student" value={studentId} onChange={choose} required>
            {students.map((student) => (
              <option key={student.user._id} value={student.user._id}>
                {student.user.firstname} {student.user.lastname}
              </option>
            ))}
          </SelectField>
        )}
        <Field.Root invalid={!!error} required>
          <Field.Label>
            Rating <Field.RequiredIndicator />
          </Field.Label>
          <RadioGroup.Root
            value={rating}
            onValueChange={(event) => {
              setRating(event.value ?? '');
              setError(undefined);
            }}
            aria-label="Rating"
          >
            <HStack gap="4" wrap="wrap">
              {ratings.map((value) => (
                <RadioGroup.Item key={value} value={value}>
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>
                    {value} {value === '1' ? 'star' : 'stars'}
                  </RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
            </HStack>
          </RadioGroup.Root>
          {error && <Field.ErrorText>{error}</Field.ErrorText>}
        </Field.Root>
        <Stack as="fieldset" gap="2">
          <Text as="legend" fontWeight="medium" fontSize="sm" mb="1">
            {kind === 'tutor' ? 'What went well' : 'Rewards'}
          </Text>
          <HStack gap="4" wrap="wrap">
            {feedbackRewards[kind].map((reward) => (
              <Checkbox.Root
                key={reward}
                checked={rewards.includes(reward)}
                onCheckedChange={(event) =>
                  setRewards((current) =>
                    event.checked === true ? [...current, reward] : current.filter((r) => r !== reward),
                  )
                }
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{reward}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </HStack>
        </Stack>
        <Field.Root>
          <Field.Label>Comment</Field.Label>
          <Textarea
            rows={3}
            maxLength={2000}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
            placeholder={kind === 'tutor' ? 'What helped you most?' : 'What to keep doing, what to work on'}
          />
        </Field.Root>
      </Stack>
    </FormDialog>
  );
}

/**
 * A lesson that is over, for someone who was in it: its student rates the tutor ("Rate lesson", then the
 * stars given), its tutor gives feedback on its students. Nothing for anyone else, or for a cancelled one.
 */
export function LessonFeedbackAction({
  lesson,
  students,
}: {
  lesson: SectionTree;
  students: CourseDetail['students'];
}) {
  const session = useSession();
  const me = session?.user._id;
  const isStudent = !!me && (lesson.studentIds ?? []).includes(me);
  const isTutor = !!me && lesson.tutorId === me;
  const kind: FeedbackKind = isTutor ? 'student' : 'tutor';
  const applies = lesson.status !== 'CANCELLED' && (isStudent || isTutor);
  const given = useGivenFeedback(kind, applies);
  const [open, setOpen] = useState(false);
  if (!applies) return null;
  const mine = (given.data?.docs ?? []).filter((feedback) => feedback.section === lesson._id);
  const inLesson = students.filter((student) => (lesson.studentIds ?? []).includes(student.user._id));
  return (
    <>
      {kind === 'tutor' && mine[0] ? (
        <Button size="sm" variant="ghost" onClick={() => setOpen(true)} aria-label="Change your rating">
          <Stars rating={mine[0].rating} />
        </Button>
      ) : (
        <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
          {kind === 'tutor' ? 'Rate lesson' : 'Feedback on students'}
          {kind === 'student' && mine.length > 0 && <Badge size="sm">{mine.length} given</Badge>}
        </Button>
      )}
      {open && (
        <FeedbackDialog
          kind={kind}
          lesson={lesson}
          students={inLesson}
          given={given.data?.docs ?? []}
          onClose={() => setOpen(false)}
          onSaved={() => {
            setOpen(false);
            void given.mutate();
          }}
        />
      )}
    </>
  );
}

/** "★ 4.7 (12)" beside a tutor's name: their rating from tutor feedback; nothing before the first. */
export function TutorRatingBadge({ tutorId }: { tutorId: string }) {
  const { data } = useApi(['tutorFeedbacks.rating', { params: { tutorId } }]);
  if (!data || data.average === null) return null;
  return (
    <Text
      as="span"
      color="fg.muted"
      whiteSpace="nowrap"
      aria-label={`Rated ${data.average} out of 5 by ${data.count}`}
    >
      ★ {data.average.toFixed(1)} ({data.count})
    </Text>
  );
}
