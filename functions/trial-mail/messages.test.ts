import { describe, expect, it } from 'vitest';
import { lessonTimeIn, trialBookedMails } from './messages';

const trial = {
  _id: 'trial-1',
  courseId: 'course-1',
  curriculum: 'Cambridge IGCSE',
  subject: 'Mathematics',
  grade: 'Grade 10',
  // 09:00 UTC on a Wednesday.
  startDate: '2026-03-04T09:00:00.000Z',
  endDate: '2026-03-04T10:00:00.000Z',
};
const student = {
  _id: 's1',
  firstname: 'Vera',
  lastname: 'Visitor',
  email: 'vera@example.com',
  timezone: 'Asia/Singapore',
};
const tutor = {
  _id: 't1',
  firstname: 'Tom',
  lastname: 'Tutor',
  email: 'tom@example.com',
  timezone: 'Europe/London',
};
const parent = {
  _id: 'p1',
  firstname: 'Pat',
  lastname: 'Parent',
  email: 'pat@example.com',
  timezone: 'America/New_York',
};
const base = { trial, student, tutor, tenantName: 'Demo Academy', webOrigin: 'https://learn.example.com/' };

describe('lesson time in a zone', () => {
  it("uses the spec's date and slot formats in the recipient's zone", () => {
    expect(lessonTimeIn(trial.startDate, trial.endDate, 'Asia/Singapore')).toBe(
      'Wednesday 2026 Mar 04, 05:00 PM – 06:00 PM (Asia/Singapore)',
    );
    expect(lessonTimeIn(trial.startDate, trial.endDate, 'America/New_York')).toBe(
      'Wednesday 2026 Mar 04, 04:00 AM – 05:00 AM (America/New_York)',
    );
  });

  it('falls back to Asia/Singapore without a usable zone', () => {
    expect(lessonTimeIn(trial.startDate, trial.endDate, undefined)).toContain('05:00 PM');
    expect(lessonTimeIn(trial.startDate, trial.endDate, 'Mars/Olympus')).toContain('(Asia/Singapore)');
  });
});

describe('trial booked e-mails', () => {
  it('writes to the student and the tutor, each in their own zone, with the course link', () => {
    const mails = trialBookedMails(base);
    expect(mails.map((m) => m.recipientId)).toEqual(['s1', 't1']);
    const [toStudent, toTutor] = mails.map((m) => m.mail);
    expect(toStudent!.to).toBe('vera@example.com');
    expect(toStudent!.subject).toBe('Your free Mathematics trial class is booked');
    expect(toStudent!.text).toContain('with Tom Tutor is booked for Wednesday 2026 Mar 04, 05:00 PM');
    expect(toStudent!.text).toContain('https://learn.example.com/learning-portal/portal/courses/course-1');
    expect(toTutor!.to).toBe('tom@example.com');
    expect(toTutor!.subject).toBe('New free trial class: Vera Visitor, Mathematics');
    expect(toTutor!.text).toContain('09:00 AM – 10:00 AM (Europe/London)');
  });

  it('also writes to a linked parent, in the parent’s zone', () => {
    const mails = trialBookedMails({ ...base, parent });
    expect(mails.map((m) => m.recipientId)).toEqual(['s1', 't1', 'p1']);
    expect(mails[2]!.mail.subject).toBe("Vera's free Mathematics trial class is booked");
    expect(mails[2]!.mail.text).toContain('04:00 AM – 05:00 AM (America/New_York)');
  });

  it('escapes names in the HTML part', () => {
    const mails = trialBookedMails({ ...base, student: { ...student, firstname: '<b>Vera</b>' } });
    expect(mails[0]!.mail.html).toContain('&lt;b&gt;Vera&lt;/b&gt;');
    expect(mails[0]!.mail.html).not.toContain('<b>Vera');
  });
});
