import { Alert, CloseButton } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { START_TRIAL_PARAM, TRIAL_APPLIED_PARAM } from '../../config/trial-paths';

/**
 * A visitor who chose "Log in" in the trial dialog comes back to the portal home with `startTrial` (and,
 * from the login rule, `trialApplied` when their account already has a free trial). `startTrial` is read
 * once and taken out of the address, so a reload does not open the dialog again.
 */
export function useTrialIntent() {
  const [search, setSearch] = useSearchParams();
  const [startTrial, setStartTrial] = useState(() => search.has(START_TRIAL_PARAM));
  const trialApplied = search.has(TRIAL_APPLIED_PARAM);
  const hasStart = search.has(START_TRIAL_PARAM);
  useEffect(() => {
    if (!hasStart) return;
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(START_TRIAL_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [hasStart, setSearch]);
  const dismiss = () => {
    setStartTrial(false);
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(TRIAL_APPLIED_PARAM);
        return next;
      },
      { replace: true },
    );
  };
  return { startTrial, trialApplied, dismiss };
}

/** Why the trial dialog did not open again after logging in from it. */
export function TrialIntentNotice({ message, onDismiss }: { message: string; onDismiss: () => void }) {
  return (
    <Alert.Root status="info" data-testid="trial-intent-notice">
      <Alert.Indicator />
      <Alert.Title flex="1">{message}</Alert.Title>
      <CloseButton size="sm" aria-label="Dismiss" onClick={onDismiss} />
    </Alert.Root>
  );
}
