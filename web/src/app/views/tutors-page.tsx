import { TutorDirectory } from '../../features/tutors/tutor-directory';
import { TutorTrialButton } from './tutor-trial-button';

/** The public tutor directory, each tutor with the free trial (composed here: two features). */
export default function TutorsPage() {
  return <TutorDirectory bookTrial={(tutor) => <TutorTrialButton tutor={tutor} />} />;
}
