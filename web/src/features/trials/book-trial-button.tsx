import { cloneElement, type JSX, lazy, Suspense, useState } from 'react';
import type { TrialTutor } from './book-trial-dialog';

const BookTrialDialog = lazy(() =>
  import('./book-trial-dialog').then((m) => ({ default: m.BookTrialDialog })),
);

/**
 * The "Book your FREE Class" trigger. The dialog (selectors, slots, sign-up form, date handling) loads on
 * the first click, not with the page: most visitors of the home page never open it, and it would more than
 * double the JavaScript the home page needs before its first render. `defaultOpen` opens it at once (a
 * visitor who logged in from the dialog to book their trial).
 */
export function BookTrialButton({
  trigger,
  defaultOpen = false,
  tutor,
}: {
  trigger: JSX.Element;
  defaultOpen?: boolean;
  /** A tutor chosen beforehand (the tutor directory): only their subjects and times are offered. */
  tutor?: TrialTutor;
}) {
  const [wanted, setWanted] = useState(defaultOpen);
  if (!wanted) return cloneElement(trigger, { onClick: () => setWanted(true) });
  return (
    <Suspense fallback={cloneElement(trigger, { loading: true })}>
      <BookTrialDialog trigger={trigger} defaultOpen tutor={tutor} />
    </Suspense>
  );
}
