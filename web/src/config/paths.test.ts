import { expect, it } from 'vitest';
import { pastPapersPath } from './paths';

it("builds a subject's dashboard past-papers path, each part encoded", () => {
  expect(
    pastPapersPath({
      curriculumSlug: 'cambridge-igcse',
      slug: 'mathematics',
      subjectLevel: 'IGCSE',
      subjectCode: '0580',
    }),
  ).toBe('/dashboard/cambridge-igcse/mathematics/IGCSE/0580/past-papers');
  expect(
    pastPapersPath({ curriculumSlug: 'ib', slug: 'maths', subjectLevel: 'HL / SL', subjectCode: 'MAA' }),
  ).toBe('/dashboard/ib/maths/HL%20%2F%20SL/MAA/past-papers');
});
