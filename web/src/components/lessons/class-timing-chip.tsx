import { Badge } from '@chakra-ui/react';
import { classTiming, viewerJoinTime } from '../../../../shared/scheduling/class-timing';
import { useSession } from '../../lib/session';
import { useNow } from '../../lib/use-now';

/** Spec 001 section 9 chip colours (red, blue, amber, green) as Chakra palettes. */
const chipPalette = { red: 'red', blue: 'blue', amber: 'orange', green: 'green' } as const;

/** What the chip reads of a lesson; the join times come with the portal's lesson reads (absent elsewhere). */
export interface ChipLesson {
  start?: string | undefined;
  end?: string | undefined;
  status: string;
  tutorId?: string | undefined;
  tutorJoinTime?: string | null;
  studentJoinTime?: string | null;
  ownJoinTime?: string | null;
}

/**
 * The class timing chip of a lesson (spec 001 sections 4 and 9), or its cancelled state; shared by the
 * portal's lesson screens and the admin course and schedule screens. With the join times of the lesson
 * read, it judges the viewer's side (viewerJoinTime): On Time or "N Min Late" once joined, live and after
 * the end, and Missed only when nobody of that side joined. A completed lesson shows Completed beside it.
 * Without join times (reads that do not carry them) a completed lesson shows Completed alone, as it cannot
 * be judged.
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
