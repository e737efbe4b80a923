import { Box, Button, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { SlotDoc } from '../../../../shared/schemas/availability';
import { SlotPicker } from '../slot-picker';
import { shortDayLabel } from './calendar-dates';
import { MonthCalendar } from './month-calendar';
import { TimeZoneSelect } from './time-zone-select';
import type { FreeDayCalendar } from './use-free-day-calendar';

/** What a booking calendar shows and changes: the free days, the zone, the chosen day, its times and slot. */
export interface BookingScheduleState {
  calendar: FreeDayCalendar;
  zone: string;
  onZoneChange: (zone: string) => void;
  date: string;
  onDate: (date: string) => void;
  slots: SlotDoc[] | undefined;
  loadingSlots: boolean;
  slot: string;
  onSlot: (start: string) => void;
}

/**
 * The scheduling half of a booking dialog, as people know it from Cal.com: the viewer's time zone
 * (changeable), a month calendar marking the days with free times, and the chosen day's times grouped by
 * part of the day. A day without times says so (the spec's "No slots are available") and offers the next
 * day that has some; when nothing is
 * free up to the booking horizon, `noTimes` (a callback request) takes the calendar's place.
 */
export function BookingSchedule(
  props: BookingScheduleState & {
    /** The accessible name of the times' group. */
    timesLabel: string;
    noTimes: ReactNode;
  },
) {
  const { calendar, zone, onZoneChange, date, onDate, slots, loadingSlots, slot, onSlot, timesLabel } = props;
  return (
    <Stack gap="3">
      <TimeZoneSelect value={zone} onChange={onZoneChange} />
      {calendar.noneWithinHorizon ? (
        props.noTimes
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2 }} gap={{ base: '4', md: '6' }} alignItems="start">
          <MonthCalendar
            month={calendar.month}
            onMonthChange={calendar.setMonth}
            value={date}
            onChange={onDate}
            today={calendar.today}
            freeDays={calendar.freeDays}
            loading={calendar.loadingDays}
            {...(calendar.lastBookableDay ? { lastDay: calendar.lastBookableDay } : {})}
          />
          <Box minW="0" data-testid="day-times">
            <Heading as="h3" size="sm" mb="2">
              {date ? shortDayLabel(date) : 'Times'}
            </Heading>
            {calendar.seeking ? (
              <Text color="fg.muted">Looking for the first free day…</Text>
            ) : !date ? (
              <Text color="fg.muted">Choose a day</Text>
            ) : (
              <SlotPicker
                label={timesLabel}
                zone={zone}
                slots={slots}
                loading={loadingSlots}
                value={slot}
                onChange={onSlot}
                empty={
                  <Stack gap="2" align="flex-start" role="status">
                    <Text color="fg.muted">No slots are available on {shortDayLabel(date)}.</Text>
                    {calendar.nextFreeDay && (
                      <Button
                        size="sm"
                        colorPalette="brand"
                        variant="subtle"
                        onClick={() => calendar.nextFreeDay && calendar.jumpTo(calendar.nextFreeDay)}
                      >
                        Next free day: {shortDayLabel(calendar.nextFreeDay)}
                      </Button>
                    )}
                  </Stack>
                }
              />
            )}
          </Box>
        </SimpleGrid>
      )}
    </Stack>
  );
}
