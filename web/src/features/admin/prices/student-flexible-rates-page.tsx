import { studentRatesPage } from './student-rates-page';

/** What a student pays for a flexible plan (spec 002 "Plans and groups"). */
export default studentRatesPage({
  prefix: 'student-flexible-rates',
  name: 'Student flexible rate',
  versions: 'student-flexible-rate-versions.dropdown',
  plans: 'flexible-plans',
});
