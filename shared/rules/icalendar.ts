/**
 * A lesson as an iCalendar invite or cancellation (RFC 5545, with the iTIP methods of RFC 5546), attached
 * to the notification e-mails so calendar apps add, move and remove the lesson. One event per lesson: the
 * UID is the lesson's (stable across moves), and each change carries a higher SEQUENCE, so an app replaces
 * the event it holds rather than adding another.
 */
export interface CalendarLesson {
  uid: string;
  start: string;
  end: string;
  sequence: number;
  summary: string;
  description: string;
  url?: string | undefined;
  organizer: { name: string; email: string };
  attendees: Array<{ name: string; email: string }>;
}

export type CalendarMethod = 'REQUEST' | 'CANCEL';

/** `20260304T090000Z`: a UTC DATE-TIME (RFC 5545 3.3.5, form #2). */
export function icsDateTime(iso: string): string {
  return new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
}

/** TEXT escaping (RFC 5545 3.3.11): backslash, semicolon, comma and line breaks. */
export function escapeText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** A parameter value (a CN): quoted, and without the characters a quoted value cannot hold. */
function paramValue(text: string): string {
  return `"${text.replace(/["\r\n]/g, '')}"`;
}

const encoder = new TextEncoder();

/**
 * Folds a content line at 75 octets (RFC 5545 3.1): CRLF and a space before each continuation, never in the
 * middle of a UTF-8 character.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // The first line holds 75 octets; a continuation's leading space takes one of its 75.
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** The VCALENDAR text (CRLF line ends) of one lesson, for `method`, stamped at `now`. */
export function lessonCalendar(lesson: CalendarLesson, method: CalendarMethod, now: string): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Learning Platform//Lessons//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${method}`,
    'BEGIN:VEVENT',
    `UID:${lesson.uid}`,
    `DTSTAMP:${icsDateTime(now)}`,
    `DTSTART:${icsDateTime(lesson.start)}`,
    `DTEND:${icsDateTime(lesson.end)}`,
    `SEQUENCE:${lesson.sequence}`,
    `SUMMARY:${escapeText(lesson.summary)}`,
    `DESCRIPTION:${escapeText(lesson.description)}`,
    ...(lesson.url ? [`URL:${lesson.url}`] : []),
    `ORGANIZER;CN=${paramValue(lesson.organizer.name)}:mailto:${lesson.organizer.email}`,
    ...lesson.attendees.map(
      (attendee) =>
        `ATTENDEE;CN=${paramValue(attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=FALSE:mailto:${attendee.email}`,
    ),
    `STATUS:${method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
