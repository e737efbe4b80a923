import { tutorRatesPage } from './tutor-rates-page';

/** One-to-one tutor rates: scoped by the student type besides country, curriculum and grade. */
export default tutorRatesPage({
  prefix: 'one-to-one-tutor-rates',
  name: 'One-to-one tutor rate',
  kind: { key: 'studentType', label: 'Student type', allLabel: 'All student types' },
  kinds: 'one-to-one-tutor-rate-student-types.dropdown',
  kindOf: (rate) => rate.studentType,
  withKind: (fields, studentType) => ({ ...fields, studentType }),
});
