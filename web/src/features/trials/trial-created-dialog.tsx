import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { useSearchParams } from 'react-router-dom';

export const TRIAL_CREATED_PARAM = 'trialClassCreated';

/** Spec 000 section 2: shown while the URL has trialClassCreated; Dismiss removes the parameter. */
export function TrialCreatedDialog() {
  const [search, setSearch] = useSearchParams();
  const open = search.has(TRIAL_CREATED_PARAM);
  const dismiss = () =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(TRIAL_CREATED_PARAM);
        return next;
      },
      { replace: true },
    );
  return (
    <Dialog.Root open={open} onOpenChange={(event) => !event.open && dismiss()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Trial class scheduled</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>
                Congratulations! Your trial class is successfully scheduled. Check your homepage and email for
                details.
              </Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button colorPalette="brand" onClick={dismiss}>
                Dismiss
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
