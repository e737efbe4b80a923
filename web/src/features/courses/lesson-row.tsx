import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { mutate } from 'swr';
import { classTiming, viewerJoinTime } from '../../../../shared/scheduling/class-timing';
import { formatDuration } from '../../../../shared/scheduling/durations';
import { isJoinOpen } from '../../../../shared/scheduling/join-window';
import type { JoinMeetingResponse } from '../../../../shared/schemas/meeting';
import type { SectionTree } from '../../../../shared/schemas/section';
import { callApi } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { formatDateTime, formatTime } from '../../lib/time-zone';
import { LessonChangeDialog } from '../schedule/lesson-change-dialog';

/** Spec 001 section 9 chip colours (red, blue, amber, green) as Chakra palettes. */
const chipPalette = { red: 'red', blue: 'blue', amber: 'orange', green: 'green' } as const;

function useNow(everyMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** What the chip reads of a lesson; the join times come with the portal's lesson reads (absent elsewhere). */
export interface ChipLesson {
  start?: string | undefined;
  end?: string | undefined;
  status: string;
  tutorId?: string | undefined;
  tutorJoinTime?: string | null;
  studentJoinTime?: string | null;
}

/**
 * The class timing chip of a lesson (spec 001 sections 4 and 9), or its cancelled state; shared with the
 * admin course and schedule screens. With the join times of the lesson read, it judges the viewer's side
 * (viewerJoinTime): On Time or "N Min Late" once joined, live and after the end, and Missed only when
 * nobody of that side joined. A completed lesson shows Completed beside it. Without join times (reads
 * that do not carry them) a completed lesson shows Completed alone, as it cannot be judged.
 */
export function ClassTimingChip({ lesson }: { lesson: ChipLesson }) {
  const now = useNow();
  const viewerId = useSession()?.user._id;
  if (lesson.status === 'CANCELLED') return <Badge colorPalette="red">Cancelled</Badge>;
  const completed = lesson.status === 'COMPLETED' && <Badge colorPalette="green">Completed</Badge>;
  const joinTimesKnown = lesson.tutorJoinTime !== undefined || lesson.studentJoinTime !== undefined;
  if (lesson.status === 'COMPLETED' && !joinTimesKnown) return completed;
  if (!lesson.start || !lesson.end) return <Badge>Not scheduled</Badge>;
  const timing = classTiming({
    start: new Date(lesson.start),
    end: new Date(lesson.end),
    joinedAt: viewerJoinTime(lesson, viewerId),
    now,
  });
  return (
    <>
      {completed}
      <Badge colorPalette={chipPalette[timing.color]} data-testid="class-timing">
        {timing.label}
      </Badge>
    </>
  );
}

/**
 * Join: tells the server (which records the first join time for the lesson history) and opens the meeting
 * it answers. The tab is opened at the click, since browsers block a window opened after an await; when
 * the call fails (already toasted) the lesson's own link still opens, so the user is never held back.
 */
async function joinLesson(lesson: { _id: string; joinUrl: string }) {
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  const url = await callApi<JoinMeetingResponse>('meetings.notifyJoined', { body: { sectionId: lesson._id } })
    .then((answer) => {
      // The join is recorded: the lesson reads now carry it, so the chip turns On Time (or N Min Late).
      void mutate((key) => Array.isArray(key) && lessonReads.includes(key[0]));
      return answer.joinUrl;
    })
    .catch(() => lesson.joinUrl);
  if (tab) tab.location.href = url;
  else window.location.assign(url);
}

/** The reads that show lessons with their join times. */
const lessonReads = ['courses.get', 'schedule.list', 'schedule.get'];

/** A live lesson: when (viewer's zone), how long, its status, the class timing chip and the join button. */
export function LessonRow({ lesson }: { lesson: SectionTree }) {
  const now = useNow();
  const [changing, setChanging] = useState<'CANCEL' | 'RESCHEDULE' | null>(null);
  if (!lesson.start || !lesson.end) {
    return (
      <Stack gap="0">
        <Text fontWeight="medium">{lesson.title}</Text>
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
  return (
    <HStack justify="space-between" align="start" gap="4" wrap="wrap" data-testid="lesson-row">
      <Stack gap="1">
        <HStack gap="2" wrap="wrap">
          <Text fontWeight="medium" textDecoration={cancelled ? 'line-through' : undefined}>
            {lesson.title}
          </Text>
          {lesson.type === 'TRIAL' && <Badge colorPalette="purple">Trial</Badge>}
          <ClassTimingChip lesson={lesson} />
        </HStack>
        <Text color="fg.muted" fontSize="sm">
          {formatDateTime(lesson.start)} – {formatTime(lesson.end)} · {formatDuration(lesson.duration ?? 0)}
        </Text>
      </Stack>
      {!cancelled && lesson.status === 'ACTIVE' && (
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
            colorPalette="teal"
            disabled={!canJoin}
            onClick={() => joinUrl && joinLesson({ _id: lesson._id, joinUrl })}
          >
            Join lesson
          </Button>
        </HStack>
      )}
      {changing && lesson.tutorId && (
        <LessonChangeDialog
          lesson={{
            _id: lesson._id,
            kind: lesson.kind,
            title: lesson.title,
            start: lesson.start,
            tutorId: lesson.tutorId,
          }}
          mode={changing}
          onClose={() => setChanging(null)}
        />
      )}
    </HStack>
  );
}
