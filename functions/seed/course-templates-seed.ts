import { ConflictError } from '../../shared/http/errors';
import { normalizeOutline, outlineInputSchema } from '../../shared/schemas/course-template';
import type { Tenant } from '../../shared/schemas/tenant';
import { courseTemplatesRepository } from '../repositories/course-templates';

export const DEMO_TEMPLATE_ID = 'template-demo-igcse-maths';

/** A reusable IGCSE Mathematics outline, so the demo's template screen and "create course" have something real. */
const demoOutline = outlineInputSchema.parse([
  {
    kind: 'SECTION',
    title: 'Unit 1: Number',
    description: 'Types of number, fractions, percentages and standard form.',
    sections: [
      {
        kind: 'RESOURCE',
        title: 'Syllabus 0580 (2025-2027)',
        resource: {
          url: 'https://www.cambridgeinternational.org/programmes-and-qualifications/cambridge-igcse-mathematics-0580/',
        },
      },
      {
        kind: 'HOMEWORK',
        title: 'Practice set 1: percentages',
        homework: { instructions: 'Answer questions 1 to 12 of the percentages worksheet, showing working.' },
      },
    ],
  },
  {
    kind: 'SECTION',
    title: 'Unit 2: Algebra',
    description: 'Expressions, equations, inequalities and sequences.',
    sections: [
      {
        kind: 'HOMEWORK',
        title: 'Practice set 2: linear equations',
        homework: { instructions: 'Solve the ten equations on the sheet and check each answer.' },
      },
    ],
  },
  {
    kind: 'RESOURCE',
    title: 'Tutor notes: pacing guide',
    audience: 'TUTOR',
    resource: { url: 'https://example.com/demo/igcse-maths-pacing.pdf', fileName: 'igcse-maths-pacing.pdf' },
  },
]);

/** Seeds one course template in the tenant. Idempotent: an existing template is kept as it is. */
export async function seedCourseTemplates(tenant: Tenant): Promise<void> {
  if (await courseTemplatesRepository.get(tenant.key, DEMO_TEMPLATE_ID)) return;
  await courseTemplatesRepository
    .createWithOutline(
      tenant.key,
      {
        title: 'IGCSE Mathematics (one-to-one)',
        description: 'Weekly one-to-one lessons through the Cambridge IGCSE Mathematics (0580) syllabus.',
        curriculum: 'Cambridge IGCSE',
        subject: 'Mathematics',
        grade: 'Grade 10',
        type: 'One-to-One',
        paymentType: 'SUBSCRIPTION',
        lessonDuration: 60,
      },
      normalizeOutline(demoOutline),
      DEMO_TEMPLATE_ID,
    )
    // Another seed run got there first: the template is there, which is all this wants.
    .catch((error: unknown) => {
      if (!(error instanceof ConflictError)) throw error;
    });
}
