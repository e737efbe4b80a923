import { tagNameKey } from '../../shared/rules/tags';
import type { Tenant } from '../../shared/schemas/tenant';
import { tagsRepository } from '../repositories/tags';

/** The labels a tutoring team puts on students and families, so the demo's tag screen and pickers are real. */
export const demoTags: ReadonlyArray<{ name: string; description: string }> = [
  { name: 'Exam year', description: 'Sits final exams this school year: lessons follow the exam timetable.' },
  {
    name: 'Needs extra support',
    description: 'Progress is behind the syllabus; tutor to plan catch-up work.',
  },
  {
    name: 'Gifted and talented',
    description: 'Working above grade level: add stretch and olympiad problems.',
  },
  {
    name: 'Access arrangements',
    description: 'Has extra time or other exam access arrangements; mirror them in timed practice.',
  },
  { name: 'Scholarship applicant', description: 'Preparing for a scholarship or entrance test.' },
  {
    name: 'Trial follow-up',
    description: 'Had a free trial lesson; the team calls the family within a week.',
  },
  { name: 'Renewal due', description: 'Subscription or lesson credits run out this month.' },
  { name: 'Prefers evening lessons', description: 'Only free after school hours in their own time zone.' },
  { name: 'Parent updates weekly', description: 'The parent asked for a short progress note every week.' },
  { name: 'Homeschooled', description: 'Not in a school: the course is their main teaching in the subject.' },
];

/** Idempotent: a tag is written with its fixed id only when that id is not there yet. */
export async function seedTags(tenant: Tenant): Promise<void> {
  const now = new Date().toISOString();
  for (const tag of demoTags) {
    await tagsRepository.ensure(tenant.key, {
      _id: tagNameKey(tag.name),
      ...tag,
      createdAt: now,
      updatedAt: now,
    });
  }
}
