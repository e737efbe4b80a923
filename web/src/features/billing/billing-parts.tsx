import { Alert, Button, HStack } from '@chakra-ui/react';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { SelectField } from '../../components/select-field';
import { openCustomerPortal } from '../../lib/api/billing';
import { chosenPayer, type Payer, payerChoices } from '../../lib/billing';
import { canCall } from '../../lib/permissions';
import { useSession } from '../../lib/session';

/** The address's parameter naming the child a parent's billing page is about. */
const CHILD_PARAM = 'child';

/**
 * Whom the page is about: the signed-in account, or for a parent the child chosen (kept in the address as
 * `?child=`, so a reload or a link keeps it; back from the checkout, the child the payment was for).
 */
export function usePayer(fallbackUserId?: string) {
  const user = useSession()?.user;
  const [params, setParams] = useSearchParams();
  const choices = user ? payerChoices(user) : [];
  // Back from the checkout (whose return address names no child): the child the payment was for.
  const payer = chosenPayer(choices, params.get(CHILD_PARAM) ?? fallbackUserId ?? null);
  const choose = (userId: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(CHILD_PARAM, userId);
        next.delete('paymentStatus');
        return next;
      },
      { replace: true },
    );
  return { user, choices, payer, choose };
}

/** A parent picks which child the page is about; anyone else pays for themselves and sees no picker. */
export function PayerPicker(props: {
  choices: Payer[];
  payer: Payer | undefined;
  onChoose: (id: string) => void;
}) {
  if (props.choices.length < 2 && props.choices[0]?.userId === undefined) return null;
  return (
    <SelectField
      label="Child"
      width="xs"
      value={props.payer?.userId ?? ''}
      onChange={props.onChoose}
      helper="Whose plans, payments and credits these are"
    >
      {props.choices.map((choice) => (
        <option key={choice.userId} value={choice.userId}>
          {choice.name}
        </option>
      ))}
    </SelectField>
  );
}

/** "Manage billing" (billing customerPortalView): the payer's Stripe Customer Portal. */
export function CustomerPortalButton({ payer }: { payer: Payer | undefined }) {
  const user = useSession()?.user;
  const [busy, setBusy] = useState(false);
  if (!canCall(user, 'payments.customerPortalData')) return null;
  const open = async () => {
    setBusy(true);
    try {
      await openCustomerPortal(payer?.userId);
    } catch {
      // Toasted by the API client (e.g. no billing account before the first payment).
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" size="sm" loading={busy} onClick={open}>
      Manage billing
    </Button>
  );
}

/** Back from the checkout: the payment is confirmed once the page reads it, until then it is on its way. */
export function PaymentReturnAlert(props: { landed: boolean; received: string; children?: ReactNode }) {
  return (
    <Alert.Root status={props.landed ? 'success' : 'info'} data-testid="payment-status">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>
          {props.landed ? props.received : 'Thank you: your payment is being confirmed…'}
        </Alert.Title>
        {props.landed && props.children && <HStack mt="1">{props.children}</HStack>}
      </Alert.Content>
    </Alert.Root>
  );
}
