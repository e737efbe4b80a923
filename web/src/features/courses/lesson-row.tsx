import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { CourseDetail } from '../../../../shared/routes/scheduling';
import { formatDuration } from '../../../../shared/scheduling/durations';
import { isJoinOpen } from '../../../../shared/scheduling/join-window';
import { lessonLabel } from '../../../../shared/scheduling/lesson-order';
import type { SectionTree } from '../../../../shared/schemas/section';
import { ClassTimingChip } from '../../components/lessons/class-timing-chip';
import { LessonChangeDialog } from '../../components/lessons/lesson-change-dialog';
import { formatDateTime, formatTime } from '../../lib/time-zone';
import { useNow } from '../../lib/use-now';
import { LessonFeedbackAction } from './lesson-feedback';

/**
 * Join: opens the lesson's waiting room (its link) in a new tab. The join itself, the time the lesson
 * history keeps, is recorded there, when the person joins the meeting their tutor started.
 */
function openWaitingRoom(joinUrl: string) {
  const tab = window.open(joinUrl, '_blank');
  if (tab) tab.opener = null;
  else window.location.assign(joinUrl);
}

/**
 * A live lesson: its number by date, when (viewer's zone), how long, its status, the class timing chip and
 * the join button.
 */
export function LessonRow({
  lesson,
  number,
  students = [],
}: {
  lesson: SectionTree;
  number?: number | undefined;
  /** The course's students: the tutor's feedback names the lesson's ones. */
  students?: CourseDetail['students'];
}) {
  const label = lessonLabel(lesson.title, number);
  const now = useNow();
  const [changing, setChanging] = useState<'CANCEL' | 'RESCHEDULE' | null>(null);
  if (!lesson.start || !lesson.end) {
    return (
      <Stack gap="0">
        <Text fontWeight="medium">{label}</Text>
        <Text color="fg.muted" fontSize="sm">
          Not scheduled yet
        </Text>
      </Stack>
    );
  }
  const start = new Date(lesson.start);
  const end = new Date(lesson.end);
  const cancelled = lesson.status === 'CANCELLED';
  const joinUrl = lesson.joinUrl;
  const canJoin = !!joinUrl && isJoinOpen({ start, end, status: lesson.status, now });
  const ended = now >= end;
  return (
    <HStack justify="space-between" align="start" gap="4" wrap="wrap" data-testid="lesson-row">
      <Stack gap="1">
        <HStack gap="2" wrap="wrap">
          <Text
            fontWeight="medium"
            textDecoration={cancelled ? 'line-through' : undefined}
            data-testid="lesson-title"
          >
            {label}
          </Text>
          {lesson.type === 'TRIAL' && <Badge colorPalette="purple">Trial</Badge>}
          <ClassTimingChip lesson={lesson} />
        </HStack>
        <Text color="fg.muted" fontSize="sm">
          {formatDateTime(lesson.start)} – {formatTime(lesson.end)} · {formatDuration(lesson.duration ?? 0)}
        </Text>
      </Stack>
      {/* Once the lesson is over, the place of its actions is its feedback's. */}
      {ended ? (
        <LessonFeedbackAction lesson={lesson} students={students} />
      ) : (
        !cancelled &&
        lesson.status === 'ACTIVE' && (
          <HStack gap="2">
            {lesson.pendingRequestId ? (
              <Badge colorPalette="orange">Change requested</Badge>
            ) : (
              now < start &&
              lesson.tutorId && (
                <>
                  <Button size="sm" variant="ghost" onClick={() => setChanging('RESCHEDULE')}>
                    Reschedule
                  </Button>
                  <Button size="sm" variant="ghost" colorPalette="red" onClick={() => setChanging('CANCEL')}>
                    Cancel
                  </Button>
                </>
              )
            )}
            <Button
              size="sm"
              colorPalette="brand"
              disabled={!canJoin}
              onClick={() => joinUrl && openWaitingRoom(joinUrl)}
            >
              Join lesson
            </Button>
          </HStack>
        )
      )}
      {changing && lesson.tutorId && (
        <LessonChangeDialog
          lesson={{
            _id: lesson._id,
            kind: lesson.kind,
            title: lesson.title,
            start: lesson.start,
            tutorId: lesson.tutorId,
            seriesId: lesson.seriesId,
          }}
          mode={changing}
          onClose={() => setChanging(null)}
        />
      )}
    </HStack>
  );
}
