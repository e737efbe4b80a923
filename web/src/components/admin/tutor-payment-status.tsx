import { Button, HStack, NativeSelect } from '@chakra-ui/react';
import { useState } from 'react';
import { enumLabels } from '../../../../shared/rules/enum-labels';
import { tutorPaymentStatuses } from '../../../../shared/scheduling/lesson-changes';
import { toastSuccess } from '../../lib/toaster';
import type { ListControls } from './admin-list-page';

type TutorPaymentStatus = (typeof tutorPaymentStatuses)[number];

export const tutorPaymentLabels = enumLabels.tutorPaymentStatus;

/**
 * Bulk action of the admin lists that carry a tutor payment status (lesson requests, lesson history):
 * set it on the checked rows with one call, then reload the list.
 */
export function TutorPaymentStatusAction<T extends { _id: string }>({
  selected,
  list,
  apply,
  message = 'Tutor payment status updated!',
}: {
  selected: T[];
  list: ListControls<T> & { clearSelection: () => void };
  apply: (status: TutorPaymentStatus, ids: string[]) => Promise<unknown>;
  /** The success toast (spec 001: 'Payment status updated!' for penalty waivers). */
  message?: string;
}) {
  const [status, setStatus] = useState<TutorPaymentStatus>('PAID');
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await apply(
        status,
        selected.map((row) => row._id),
      );
    } catch {
      // Toasted by the API client.
      setBusy(false);
      return;
    }
    toastSuccess(message);
    list.clearSelection();
    await list.reload();
    setBusy(false);
  };
  return (
    <HStack gap="2">
      <NativeSelect.Root size="xs" w="36">
        <NativeSelect.Field
          aria-label="Tutor payment status"
          value={status}
          onChange={(e) => setStatus(e.target.value as TutorPaymentStatus)}
        >
          {tutorPaymentStatuses.map((value) => (
            <option key={value} value={value}>
              {tutorPaymentLabels[value]}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Button size="xs" loading={busy} onClick={run}>
        Set tutor payment status
      </Button>
    </HStack>
  );
}
