import { Button } from '@chakra-ui/react';
import { BookTrialButton } from '../../features/trials/book-trial-button';
import type { TutorTrialChoice } from '../../features/tutors/tutor-card';
import { useSession } from '../../lib/session';

/**
 * "Book a free trial" on the tutor directory: the trial dialog opened on the tutor (their subjects and
 * times), for a visitor or a student who has not had their free trial; others see nothing to book.
 */
export function TutorTrialButton({ tutor }: { tutor: TutorTrialChoice }) {
  const session = useSession();
  const mayBook = !session || (session.user.type === 'student' && !session.user.isTrialApplied);
  if (!mayBook || tutor.subjects.length === 0) return null;
  return (
    <BookTrialButton
      tutor={tutor}
      trigger={
        <Button size="sm" bg="orange.400" color="white" _hover={{ bg: 'orange.500' }}>
          Book a free trial
        </Button>
      }
    />
  );
}
