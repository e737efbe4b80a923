import { tutorRatesPage } from './tutor-rates-page';

/** Group tutor rates: scoped by the course type (a group course's kind) besides country, curriculum and grade. */
export default tutorRatesPage({
  prefix: 'group-tutor-rates',
  name: 'Group tutor rate',
  kind: { key: 'courseType', label: 'Course type', allLabel: 'All course types' },
  kinds: 'group-tutor-rate-course-types.dropdown',
  kindOf: (rate) => rate.courseType,
  withKind: (fields, courseType) => ({ ...fields, courseType }),
});
