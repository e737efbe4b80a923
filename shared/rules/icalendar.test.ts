import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, icsDateTime, lessonCalendar } from './icalendar';

const lesson = {
  uid: 'lesson-1@demo.learning-platform',
  start: '2026-03-04T09:00:00.000Z',
  end: '2026-03-04T10:00:00.000Z',
  sequence: 0,
  summary: 'Algebra, lesson 3',
  description: 'Mathematics; with Tom Tutor, online',
  url: 'https://learn.example.com/learning-portal/waiting-room/lesson-1',
  organizer: { name: 'Demo Academy', email: 'no-reply@example.com' },
  attendees: [{ name: 'Vera Visitor', email: 'vera@example.com' }],
};

describe('iCalendar text', () => {
  it('writes UTC date-times in the basic form', () => {
    expect(icsDateTime('2026-03-04T09:05:07.123Z')).toBe('20260304T090507Z');
    expect(icsDateTime('2026-03-04T17:05:07+08:00')).toBe('20260304T090507Z');
  });

  it('escapes backslashes, semicolons, commas and line breaks', () => {
    expect(escapeText('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne');
  });

  it('folds lines at 75 octets without splitting a character', () => {
    const long = `DESCRIPTION:${'é'.repeat(60)}`;
    const folded = foldLine(long);
    const lines = folded.split('\r\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(lines.slice(1).every((line) => line.startsWith(' '))).toBe(true);
    expect(lines.map((line, i) => (i ? line.slice(1) : line)).join('')).toBe(long);
  });
});

describe('a lesson invite', () => {
  it('is a REQUEST with a stable UID, the sequence, the times, organizer and attendee', () => {
    const text = lessonCalendar(lesson, 'REQUEST', '2026-03-01T00:00:00.000Z');
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.split('\r\n').filter(Boolean)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Learning Platform//Lessons//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:REQUEST',
      'BEGIN:VEVENT',
      'UID:lesson-1@demo.learning-platform',
      'DTSTAMP:20260301T000000Z',
      'DTSTART:20260304T090000Z',
      'DTEND:20260304T100000Z',
      'SEQUENCE:0',
      'SUMMARY:Algebra\\, lesson 3',
      'DESCRIPTION:Mathematics\\; with Tom Tutor\\, online',
      'URL:https://learn.example.com/learning-portal/waiting-room/lesson-1',
      'ORGANIZER;CN="Demo Academy":mailto:no-reply@example.com',
      'ATTENDEE;CN="Vera Visitor";ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=',
      ' FALSE:mailto:vera@example.com',
      'STATUS:CONFIRMED',
      'TRANSP:OPAQUE',
      'END:VEVENT',
      'END:VCALENDAR',
    ]);
  });

  it('is a CANCEL of the same UID with the cancelled status', () => {
    const text = lessonCalendar({ ...lesson, sequence: 42 }, 'CANCEL', '2026-03-01T00:00:00.000Z');
    expect(text).toContain('\r\nMETHOD:CANCEL\r\n');
    expect(text).toContain('\r\nUID:lesson-1@demo.learning-platform\r\n');
    expect(text).toContain('\r\nSEQUENCE:42\r\n');
    expect(text).toContain('\r\nSTATUS:CANCELLED\r\n');
  });

  it('keeps quotes and line breaks out of a name parameter', () => {
    const text = lessonCalendar(
      { ...lesson, attendees: [{ name: 'Vera "V"\nVisitor', email: 'v@example.com' }] },
      'REQUEST',
      '2026-03-01T00:00:00.000Z',
    );
    expect(text).toContain('ATTENDEE;CN="Vera VVisitor";');
  });
});
