import { TutorProfile } from '../../features/tutors/tutor-profile';
import { TutorTrialButton } from './tutor-trial-button';

/** A tutor's public page with the free trial with them (composed here: two features). */
export default function TutorPage() {
  return <TutorProfile bookTrial={(tutor) => <TutorTrialButton tutor={tutor} />} />;
}
