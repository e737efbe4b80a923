import { studentRatesPage } from './student-rates-page';

/** What a student pays for a subscription plan (spec 002 "Plans and groups"). */
export default studentRatesPage({
  prefix: 'student-subscription-rates',
  name: 'Student subscription rate',
  versions: 'student-subscription-rate-versions.dropdown',
  plans: 'subscription-plans',
});
