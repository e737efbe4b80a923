import {
  Badge,
  Box,
  Button,
  ButtonGroup,
  Dialog,
  Grid,
  Heading,
  HStack,
  Input,
  Portal,
  Stack,
  Text,
  type TextProps,
  useBreakpointValue,
} from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { enumLabels, labelOf } from '../../../../shared/rules/enum-labels';
import type { AuthUser } from '../../../../shared/schemas/user';
import { ClassTimingChip } from '../../components/lessons/class-timing-chip';
import { LessonChangeDialog } from '../../components/lessons/lesson-change-dialog';
import { RequireSession } from '../../components/require-session';
import { paths } from '../../config/paths';
import { type ScheduleRange, useAllLessons, useOwnSchedule } from '../../lib/api/schedule';
import { callApi } from '../../lib/api-client';
import { usePageMeta } from '../../lib/meta-tags';
import { canCall } from '../../lib/permissions';
import { deviceTimeZone, formatDateTime, formatTime } from '../../lib/time-zone';
import { useAuthUser } from '../../lib/use-auth-user';
import { today } from '../../lib/zoned-dates';
import {
  type CalendarDay,
  type CalendarView,
  calendarDays,
  calendarRange,
  calendarTitle,
  dayHeading,
  lessonCount,
  lessonsByDay,
  shiftAnchor,
} from './calendar';

/** One lesson on the calendar, whether it came from the user's own schedule or the admin schedule. */
interface CalendarLesson {
  sectionId: string;
  kind: string;
  title: string;
  courseId: string;
  courseTitle: string;
  start: string;
  end: string;
  status: string;
  tutorId: string;
  people: string;
  /** Set on a lesson of a repeating series. */
  seriesId?: string | undefined;
  /** From the user's own schedule (lessons under way or past); the admin schedule does not carry them. */
  tutorJoinTime?: string | null;
  studentJoinTime?: string | null;
}

/** Fixed hues, not the tenant's colour: they tell the statuses apart on every tenant's site. */
const statusPalette: Record<string, string> = { ACTIVE: 'teal', CANCELLED: 'red', COMPLETED: 'green' };
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** Whoever may read the admin schedule sees every lesson of the tenant, not only their own. */
function seesAllLessons(user: AuthUser): boolean {
  return canCall(user, 'schedule.adminMeetings');
}

function useCalendarLessons(user: AuthUser, range: ScheduleRange) {
  const all = seesAllLessons(user);
  const own = useOwnSchedule(all ? null : user._id, range);
  const admin = useAllLessons(all ? range : null);
  return useMemo<CalendarLesson[] | undefined>(() => {
    if (all) {
      return admin.data?.docs.map((l) => ({
        sectionId: l._id,
        kind: l.kind,
        title: l.title,
        courseId: l.course,
        courseTitle: l.courseTitle,
        start: l.start!,
        end: l.end!,
        status: l.status,
        tutorId: l.tutorId ?? '',
        seriesId: l.seriesId,
        people: [l.tutor, ...l.students]
          .filter(Boolean)
          .map((p) => `${p!.firstname} ${p!.lastname}`)
          .join(', '),
      }));
    }
    return own.data?.docs.map((e) => ({
      sectionId: e.sectionId,
      kind: e.kind,
      title: e.title,
      courseId: e.courseId,
      courseTitle: e.courseTitle,
      start: e.start,
      end: e.end,
      status: e.status,
      tutorId: e.tutorId,
      seriesId: e.seriesId,
      people: '',
      ...(e.tutorJoinTime !== undefined ? { tutorJoinTime: e.tutorJoinTime } : {}),
      ...(e.studentJoinTime !== undefined ? { studentJoinTime: e.studentJoinTime } : {}),
    }));
  }, [all, admin.data, own.data]);
}

function LessonChip({
  lesson,
  onOpen,
  compact,
}: {
  lesson: CalendarLesson;
  onOpen: () => void;
  compact?: boolean;
}) {
  const palette = statusPalette[lesson.status] ?? 'gray';
  // Nothing leaves its day: in the month's narrow days (a seventh of a phone) each line is cut with an
  // ellipsis (screen readers still read it whole); in the week it wraps, breaking a word too long for the
  // day. The whole text is the chip's tooltip, and a tap opens the lesson in full.
  const full = [formatTime(lesson.start), compact ? '' : lesson.title, lesson.courseTitle].filter(Boolean);
  const line: TextProps = compact ? { truncate: true } : { overflowWrap: 'anywhere' };
  return (
    <Button
      onClick={onOpen}
      size="xs"
      variant="subtle"
      colorPalette={palette}
      justifyContent="start"
      h="auto"
      py="1"
      px={{ base: '1', md: '2' }}
      w="full"
      minW="0"
      overflow="hidden"
      textAlign="left"
      whiteSpace="normal"
      title={full.join(' · ')}
      data-testid="calendar-lesson"
      textDecoration={lesson.status === 'CANCELLED' ? 'line-through' : undefined}
    >
      <Stack gap="0" align="start" minW="0" w="full">
        <Text fontWeight="semibold" maxW="full" {...line}>
          {formatTime(lesson.start)}
        </Text>
        {!compact && (
          <Text maxW="full" {...line}>
            {lesson.title}
          </Text>
        )}
        <Text opacity={0.8} maxW="full" {...line}>
          {lesson.courseTitle}
        </Text>
      </Stack>
    </Button>
  );
}

/**
 * A day of the phone's month view: its number and a dot per lesson (three at most, then "+n"), the whole
 * cell one tap target that chooses the day, named with its date and how many lessons it has.
 */
function MonthDayDots({
  day,
  lessons,
  chosen,
  onChoose,
}: {
  day: CalendarDay;
  lessons: CalendarLesson[];
  chosen: boolean;
  onChoose: () => void;
}) {
  return (
    <Box role="gridcell" data-date={day.date} aria-selected={chosen} minW="0">
      <Button
        onClick={onChoose}
        variant={chosen ? 'subtle' : 'ghost'}
        colorPalette="brand"
        w="full"
        h="14"
        minW="0"
        px="0"
        flexDirection="column"
        gap="1"
        bg={chosen ? undefined : day.outside ? 'bg.muted' : 'bg'}
        borderWidth="1px"
        borderColor={day.isToday ? 'brand.solid' : chosen ? 'brand.muted' : 'border'}
        rounded="md"
        aria-label={`${dayHeading(day.date)}: ${lessonCount(lessons.length)}`}
        data-testid="month-day"
      >
        <Text
          fontSize="sm"
          fontWeight={day.isToday || chosen ? 'bold' : 'normal'}
          color={day.outside ? 'fg.subtle' : 'fg'}
        >
          {day.day}
        </Text>
        <HStack gap="0.5" h="2" aria-hidden data-testid="lesson-dots">
          {lessons.slice(0, 3).map((lesson) => (
            <Box
              key={lesson.sectionId}
              w="1.5"
              h="1.5"
              rounded="full"
              bg={`${statusPalette[lesson.status] ?? 'gray'}.solid`}
            />
          ))}
          {lessons.length > 3 && (
            <Text fontSize="2xs" lineHeight="1" color="fg.muted">
              +{lessons.length - 3}
            </Text>
          )}
        </HStack>
      </Button>
    </Box>
  );
}

function Schedule({ user }: { user: AuthUser }) {
  usePageMeta('Schedule');
  const zone = deviceTimeZone();
  const [view, setView] = useState<CalendarView>('week');
  const [search, setSearch] = useSearchParams();
  // `?date=YYYY-MM-DD` opens the calendar on that day (links from e-mails and other pages).
  const anchor = /^\d{4}-\d{2}-\d{2}$/.test(search.get('date') ?? '') ? search.get('date')! : today(zone);
  const setAnchor = (date: string) => setSearch({ date }, { replace: true });
  const [open, setOpen] = useState<CalendarLesson | null>(null);
  const [changing, setChanging] = useState<'CANCEL' | 'RESCHEDULE' | null>(null);
  const [feedUrl, setFeedUrl] = useState('');
  const days = useMemo(() => calendarDays(view, anchor, zone), [view, anchor, zone]);
  const dayPerRow = view === 'week';
  // A phone's month is as a phone calendar app shows it: a dot per lesson in each day, and the chosen day
  // (the calendar's anchor, so it survives a reload) listed whole below the grid; a tap chooses a day.
  const phone = useBreakpointValue({ base: true, md: false }, { ssr: false }) ?? false;
  const dotted = phone && view === 'month';
  const range = useMemo(() => calendarRange(days, zone), [days, zone]);
  const lessons = useCalendarLessons(user, range);
  const byDay = useMemo(() => lessonsByDay(lessons ?? [], zone), [lessons, zone]);
  const mine = open && (open.tutorId === user._id || !seesAllLessons(user));

  const showFeed = async () => {
    const { url } = await callApi('schedule.feedUrl');
    setFeedUrl(url);
  };

  return (
    <Box maxW="7xl" mx="auto" px="4" py="8">
      <Stack gap="5">
        <HStack justify="space-between" wrap="wrap" gap="3">
          <Stack gap="0">
            <Heading as="h1" size="2xl">
              Schedule
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              Times in {zone}
            </Text>
          </Stack>
          <HStack gap="2" wrap="wrap">
            <ButtonGroup size="sm" variant="outline" attached>
              <Button aria-label="Previous" onClick={() => setAnchor(shiftAnchor(view, anchor, -1, zone))}>
                ‹
              </Button>
              <Button onClick={() => setAnchor(today(zone))}>Today</Button>
              <Button aria-label="Next" onClick={() => setAnchor(shiftAnchor(view, anchor, 1, zone))}>
                ›
              </Button>
            </ButtonGroup>
            <ButtonGroup size="sm" attached>
              {(['week', 'month'] as const).map((v) => (
                <Button
                  key={v}
                  variant={view === v ? 'solid' : 'outline'}
                  colorPalette="brand"
                  onClick={() => setView(v)}
                >
                  {v === 'week' ? 'Week' : 'Month'}
                </Button>
              ))}
            </ButtonGroup>
            <Button asChild size="sm" variant="ghost">
              <RouterLink to={paths.portalRequests}>My requests</RouterLink>
            </Button>
            <Button size="sm" variant="ghost" onClick={showFeed}>
              Calendar feed
            </Button>
          </HStack>
        </HStack>
        {feedUrl && (
          <Stack gap="1">
            <Text fontSize="sm">Subscribe to this address in your calendar app (keep it private):</Text>
            <Input
              size="sm"
              readOnly
              value={feedUrl}
              aria-label="Calendar feed address"
              onFocus={(e) => e.target.select()}
            />
          </Stack>
        )}
        <Heading size="lg" data-testid="calendar-title">
          {calendarTitle(view, days, anchor, zone)}
        </Heading>
        {/* A phone's week is a day per row, each lesson's text whole; a month keeps its seven columns. */}
        <Grid
          templateColumns={{
            base: dayPerRow ? '1fr' : 'repeat(7, minmax(0, 1fr))',
            md: 'repeat(7, minmax(0, 1fr))',
          }}
          gap="1"
          role="grid"
          aria-label="Calendar"
        >
          {WEEKDAYS.map((name) => (
            <Text
              key={name}
              fontSize="sm"
              fontWeight="semibold"
              color="fg.muted"
              textAlign="center"
              display={{ base: dayPerRow ? 'none' : 'block', md: 'block' }}
            >
              {name}
            </Text>
          ))}
          {days.map((day, index) => {
            const onDay = byDay.get(day.date) ?? [];
            if (dotted) {
              return (
                <MonthDayDots
                  key={day.date}
                  day={day}
                  lessons={onDay}
                  chosen={day.date === anchor}
                  onChoose={() => setAnchor(day.date)}
                />
              );
            }
            const shown = view === 'month' ? onDay.slice(0, 3) : onDay;
            return (
              <Stack
                key={day.date}
                gap="1"
                p="1.5"
                minH={{ base: dayPerRow ? '12' : '24', md: view === 'week' ? '48' : '24' }}
                bg={day.outside ? 'bg.muted' : 'bg'}
                borderWidth="1px"
                borderColor={day.isToday ? 'brand.solid' : 'border'}
                rounded="md"
                role="gridcell"
                data-date={day.date}
              >
                <Text
                  fontSize="sm"
                  fontWeight={day.isToday ? 'bold' : 'normal'}
                  color={day.outside ? 'fg.subtle' : undefined}
                >
                  {dayPerRow && (
                    <Text as="span" display={{ md: 'none' }}>
                      {WEEKDAYS[index % 7]}{' '}
                    </Text>
                  )}
                  {day.day}
                </Text>
                {shown.map((lesson) => (
                  <LessonChip
                    key={lesson.sectionId}
                    lesson={lesson}
                    compact={view === 'month'}
                    onOpen={() => setOpen(lesson)}
                  />
                ))}
                {onDay.length > shown.length && (
                  <Text fontSize="xs" color="fg.muted">
                    +{onDay.length - shown.length} more
                  </Text>
                )}
              </Stack>
            );
          })}
        </Grid>
        {dotted && (
          <Stack gap="2" data-testid="day-lessons" aria-live="polite">
            <Heading as="h3" size="md">
              {dayHeading(anchor)}
            </Heading>
            {(byDay.get(anchor) ?? []).map((lesson) => (
              <LessonChip key={lesson.sectionId} lesson={lesson} onOpen={() => setOpen(lesson)} />
            ))}
            {lessons && !byDay.get(anchor)?.length && <Text color="fg.muted">No lessons on this day.</Text>}
          </Stack>
        )}
        {lessons && lessons.length === 0 && <Text color="fg.muted">No lessons in this {view}.</Text>}
      </Stack>

      {open && !changing && (
        <Dialog.Root open onOpenChange={(e) => !e.open && setOpen(null)} placement="center">
          <Portal>
            <Dialog.Backdrop />
            <Dialog.Positioner>
              <Dialog.Content>
                <Dialog.Header>
                  <Dialog.Title>{open.title}</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  <Stack gap="2">
                    <HStack gap="2" wrap="wrap">
                      <Badge colorPalette={statusPalette[open.status] ?? 'gray'}>
                        {labelOf(enumLabels.lessonStatus, open.status)}
                      </Badge>
                      {open.status === 'ACTIVE' && (
                        // The calendar's current read of it: join times arrive as they are recorded.
                        <ClassTimingChip
                          lesson={lessons?.find((l) => l.sectionId === open.sectionId) ?? open}
                        />
                      )}
                    </HStack>
                    <Text>
                      {formatDateTime(open.start)} – {formatTime(open.end)}
                    </Text>
                    <Text>{open.courseTitle}</Text>
                    {open.people && <Text color="fg.muted">{open.people}</Text>}
                  </Stack>
                </Dialog.Body>
                <Dialog.Footer>
                  <Button asChild variant="outline">
                    <RouterLink to={`${paths.portalCourses}/${open.courseId}`}>Open course</RouterLink>
                  </Button>
                  {mine && open.status === 'ACTIVE' && Date.parse(open.start) > Date.now() && (
                    <>
                      <Button variant="outline" onClick={() => setChanging('RESCHEDULE')}>
                        Reschedule
                      </Button>
                      <Button variant="outline" colorPalette="red" onClick={() => setChanging('CANCEL')}>
                        Cancel
                      </Button>
                    </>
                  )}
                </Dialog.Footer>
              </Dialog.Content>
            </Dialog.Positioner>
          </Portal>
        </Dialog.Root>
      )}
      {open && changing && (
        <LessonChangeDialog
          lesson={{
            _id: open.sectionId,
            kind: open.kind,
            title: open.title,
            start: open.start,
            tutorId: open.tutorId,
            seriesId: open.seriesId,
          }}
          mode={changing}
          onClose={() => {
            setChanging(null);
            setOpen(null);
          }}
        />
      )}
    </Box>
  );
}

function ScheduleForUser() {
  const { user } = useAuthUser();
  return user ? <Schedule user={user} /> : null;
}

export default function SchedulePage() {
  return (
    <RequireSession>
      <ScheduleForUser />
    </RequireSession>
  );
}
