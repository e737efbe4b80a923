import { DateTime } from 'luxon';
import { DEFAULT_TIME_ZONE } from '../../shared/rules/time-zone';
import type { Trial } from '../../shared/schemas/trial';
import { escapeHtml, type Mail } from '../lib/mail';

export interface Recipient {
  _id: string;
  firstname: string;
  lastname: string;
  email: string;
  timezone?: string | undefined;
}

export interface TrialBookedMailInput {
  trial: Pick<Trial, '_id' | 'courseId' | 'curriculum' | 'subject' | 'grade' | 'startDate' | 'endDate'>;
  student: Recipient;
  tutor: Recipient;
  /** The student's parent (the owner of the user-mapper the student is linked to), when there is one. */
  parent?: Recipient | undefined;
  tenantName: string;
  /** The site's origin, e.g. https://tutors.example.com (links go to its portal). */
  webOrigin: string;
}

/** `Wednesday 2026 Mar 04, 05:00 PM – 06:00 PM (Asia/Singapore)`: spec 000's date and slot formats. */
export function lessonTimeIn(startIso: string, endIso: string, zone: string | undefined): string {
  const name = zone && DateTime.now().setZone(zone).isValid ? zone : DEFAULT_TIME_ZONE;
  const start = DateTime.fromISO(startIso, { zone: name });
  const end = DateTime.fromISO(endIso, { zone: name });
  return `${start.toFormat('cccc yyyy LLL dd, hh:mm a')} – ${end.toFormat('hh:mm a')} (${name})`;
}

const fullName = (person: Pick<Recipient, 'firstname' | 'lastname'>) =>
  `${person.firstname} ${person.lastname}`.trim();

function mailOf(to: string, subject: string, lines: string[], link: { label: string; url: string }): Mail {
  const text = [...lines, '', `${link.label}: ${link.url}`].join('\n');
  const html = [
    ...lines.map((line) => (line ? `<p>${escapeHtml(line)}</p>` : '')),
    `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`,
  ]
    .filter(Boolean)
    .join('');
  return { to, subject, text, html };
}

/**
 * The e-mails of a booked free trial: the student, their parent (if linked) and the tutor, each with the
 * lesson's date and time in their own zone (their profile's, else the platform default).
 */
export function trialBookedMails(input: TrialBookedMailInput): Array<{ recipientId: string; mail: Mail }> {
  const { trial, student, tutor, parent, tenantName, webOrigin } = input;
  const portal = `${webOrigin.replace(/\/$/, '')}/learning-portal`;
  const courseLink = { label: 'Open the trial course', url: `${portal}/portal/courses/${trial.courseId}` };
  const what = `${trial.subject} (${trial.grade}, ${trial.curriculum})`;
  const when = (person: Recipient) => lessonTimeIn(trial.startDate, trial.endDate, person.timezone);
  const signOff = ['', `The ${tenantName} team`];

  const mails = [
    {
      recipientId: student._id,
      mail: mailOf(
        student.email,
        `Your free ${trial.subject} trial class is booked`,
        [
          `Hello ${student.firstname},`,
          `Your free trial class in ${what} with ${fullName(tutor)} is booked for ${when(student)}.`,
          'Join it from your course page up to 15 minutes before it starts. You can see it on your homepage and in your calendar.',
          ...signOff,
        ],
        courseLink,
      ),
    },
    {
      recipientId: tutor._id,
      mail: mailOf(
        tutor.email,
        `New free trial class: ${fullName(student)}, ${trial.subject}`,
        [
          `Hello ${tutor.firstname},`,
          `${fullName(student)} booked a free trial class in ${what} with you for ${when(tutor)}.`,
          'It is on your calendar; the lesson link is on the trial course page.',
          ...signOff,
        ],
        courseLink,
      ),
    },
  ];
  if (parent && parent._id !== student._id && parent.email) {
    mails.push({
      recipientId: parent._id,
      mail: mailOf(
        parent.email,
        `${student.firstname}'s free ${trial.subject} trial class is booked`,
        [
          `Hello ${parent.firstname},`,
          `${fullName(student)}'s free trial class in ${what} with ${fullName(tutor)} is booked for ${when(parent)}.`,
          ...signOff,
        ],
        courseLink,
      ),
    });
  }
  return mails;
}
