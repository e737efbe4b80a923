import { Box, chakra, HStack, IconButton, Text } from '@chakra-ui/react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { LuChevronLeft, LuChevronRight } from 'react-icons/lu';
import {
  addDays,
  addMonths,
  dayLabel,
  monthOf,
  monthTitle,
  monthWeeks,
  weekdayNames,
} from './calendar-dates';

export interface MonthCalendarProps {
  /** The month shown, `YYYY-MM`. */
  month: string;
  onMonthChange: (month: string) => void;
  /** The chosen day, `YYYY-MM-DD`, or '' for none. */
  value: string;
  onChange: (date: string) => void;
  /** Today in the viewer's zone: earlier days cannot be chosen. */
  today: string;
  /** The last day that can be booked (the school's horizon): later days cannot be chosen. */
  lastDay?: string;
  /** The days with at least one free time. */
  freeDays: ReadonlySet<string>;
  /** The marks of this month are still being read. */
  loading?: boolean;
}

/**
 * A month of days as an ARIA grid (the WAI-ARIA date picker pattern): one tab stop, arrow keys move a day
 * or a week, Home and End to the week's ends, Page Up and Page Down a month (with Shift a year), Enter or
 * Space chooses. Each day is named with its full date, whether it has free times, and whether it is
 * today; days before today or past the booking horizon say they are unavailable and cannot be chosen.
 * Days with free times carry a dot. The booking dialogs (free trial, a course lesson) share it.
 */
export function MonthCalendar(props: MonthCalendarProps) {
  const { month, onMonthChange, value, onChange, today, lastDay, freeDays, loading } = props;
  const headingId = useId();
  const [focused, setFocused] = useState(() => focusStart(month, value, today));
  const movedByKey = useRef(false);
  const grid = useRef<HTMLDivElement>(null);

  // The tab stop follows the month shown: the chosen day there, else today, else the first of the month.
  useEffect(() => {
    if (monthOf(focused) !== month) setFocused(focusStart(month, value, today));
  }, [month, value, today, focused]);

  // A day chosen after the grid was drawn (the first free day, read later) becomes the tab stop.
  useEffect(() => {
    if (value && monthOf(value) === month) setFocused(value);
  }, [value, month]);

  useEffect(() => {
    if (!movedByKey.current) return;
    movedByKey.current = false;
    grid.current?.querySelector<HTMLButtonElement>(`button[data-date="${focused}"]`)?.focus();
  }, [focused]);

  const unavailable = (date: string) => date < today || (lastDay !== undefined && date > lastDay);

  const moveTo = (date: string) => {
    movedByKey.current = true;
    setFocused(date);
    if (monthOf(date) !== month) onMonthChange(monthOf(date));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const weekday = weekdayIndex(focused);
    const moves: Record<string, () => string> = {
      ArrowLeft: () => addDays(focused, -1),
      ArrowRight: () => addDays(focused, 1),
      ArrowUp: () => addDays(focused, -7),
      ArrowDown: () => addDays(focused, 7),
      Home: () => addDays(focused, -weekday),
      End: () => addDays(focused, 6 - weekday),
      PageUp: () => addMonths(focused, event.shiftKey ? -12 : -1),
      PageDown: () => addMonths(focused, event.shiftKey ? 12 : 1),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    moveTo(move());
  };

  const firstMonth = monthOf(today);
  const lastMonth = lastDay ? monthOf(lastDay) : undefined;

  return (
    <Box data-testid="month-calendar" minW="0">
      <HStack justify="space-between" mb="2">
        <IconButton
          aria-label="Previous month"
          size="sm"
          variant="ghost"
          disabled={month <= firstMonth}
          onClick={() => onMonthChange(addMonths(`${month}-01`, -1).slice(0, 7))}
        >
          <LuChevronLeft />
        </IconButton>
        <Text id={headingId} fontWeight="semibold" aria-live="polite">
          {monthTitle(month)}
        </Text>
        <IconButton
          aria-label="Next month"
          size="sm"
          variant="ghost"
          disabled={lastMonth !== undefined && month >= lastMonth}
          onClick={() => onMonthChange(addMonths(`${month}-01`, 1).slice(0, 7))}
        >
          <LuChevronRight />
        </IconButton>
      </HStack>
      <Box
        ref={grid}
        role="grid"
        aria-labelledby={headingId}
        aria-busy={loading || undefined}
        onKeyDown={onKeyDown}
        width="full"
      >
        <Box role="row" display="grid" gridTemplateColumns="repeat(7, minmax(0, 1fr))" mb="1">
          {weekdayNames.map(({ short, long }) => (
            <Box
              key={long}
              role="columnheader"
              aria-label={long}
              textAlign="center"
              fontSize="xs"
              fontWeight="medium"
              color="fg.muted"
            >
              {short}
            </Box>
          ))}
        </Box>
        {monthWeeks(month).map((week) => (
          <Box
            key={week.find(Boolean) ?? 'empty'}
            role="row"
            display="grid"
            gridTemplateColumns="repeat(7, minmax(0, 1fr))"
            gap="1"
            mb="1"
          >
            {week.map((date, index) => {
              // biome-ignore lint/suspicious/noArrayIndexKey: the blank cells before and after the month are positions
              if (!date) return <Box key={`blank-${index}`} role="gridcell" aria-hidden="true" />;
              const off = unavailable(date);
              const free = !off && freeDays.has(date);
              const chosen = date === value;
              return (
                <Box key={date} role="gridcell" aria-selected={chosen}>
                  <DayButton
                    date={date}
                    free={free}
                    off={off}
                    chosen={chosen}
                    isToday={date === today}
                    tabbable={date === focused}
                    onFocus={() => setFocused(date)}
                    onChoose={() => {
                      setFocused(date);
                      if (!off) onChange(date);
                    }}
                  />
                </Box>
              );
            })}
          </Box>
        ))}
      </Box>
    </Box>
  );
}

function DayButton(props: {
  date: string;
  free: boolean;
  off: boolean;
  chosen: boolean;
  isToday: boolean;
  tabbable: boolean;
  /** Whatever focused the day (a click, a screen reader, a script), the arrow keys move from it. */
  onFocus: () => void;
  onChoose: () => void;
}) {
  const { date, free, off, chosen, isToday, tabbable, onFocus, onChoose } = props;
  const status = off ? 'unavailable' : free ? 'free times' : 'no free times';
  return (
    <chakra.button
      type="button"
      data-date={date}
      data-free={free || undefined}
      aria-label={`${dayLabel(date)}${isToday ? ', today' : ''}, ${status}`}
      aria-current={isToday ? 'date' : undefined}
      aria-disabled={off || undefined}
      tabIndex={tabbable ? 0 : -1}
      onFocus={onFocus}
      onClick={onChoose}
      position="relative"
      width="full"
      h="10"
      display="flex"
      alignItems="center"
      justifyContent="center"
      borderRadius="md"
      fontSize="sm"
      fontWeight={free ? 'semibold' : 'normal'}
      cursor={off ? 'not-allowed' : 'pointer'}
      color={chosen ? 'brand.contrast' : free ? 'brand.fg' : 'fg.muted'}
      opacity={off ? 0.4 : 1}
      bg={chosen ? 'brand.solid' : free ? 'brand.subtle' : 'transparent'}
      borderWidth={isToday ? '1px' : '0'}
      borderColor={chosen ? 'brand.solid' : 'fg.muted'}
      _hover={off || chosen ? undefined : { bg: free ? 'brand.muted' : 'bg.muted' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '1px' }}
    >
      {Number(date.slice(8))}
      {free && (
        <Box
          aria-hidden="true"
          position="absolute"
          bottom="1"
          left="50%"
          transform="translateX(-50%)"
          boxSize="1"
          borderRadius="full"
          bg={chosen ? 'brand.contrast' : 'brand.solid'}
        />
      )}
    </chakra.button>
  );
}

/** Where the grid's one tab stop starts in a month: the chosen day, today, or the first of the month. */
function focusStart(month: string, value: string, today: string): string {
  if (monthOf(value) === month) return value;
  if (monthOf(today) === month) return today;
  return `${month}-01`;
}

function weekdayIndex(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}
