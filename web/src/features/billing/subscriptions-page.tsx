import { Badge, Box, Button, Card, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { PlanOffer } from '../../../../shared/routes/payments';
import { RequireSession } from '../../components/require-session';
import { paths, withQuery } from '../../config/paths';
import { usePaymentHistory } from '../../lib/api/billing';
import { callApi, useApi } from '../../lib/api-client';
import {
  forgetPendingPayment,
  keepPendingPayment,
  type Payer,
  type PendingPayment,
  paymentLanded,
  pendingPayment,
  planTerm,
} from '../../lib/billing';
import { usePageMeta } from '../../lib/meta-tags';
import { moneyText } from '../../lib/money-text';
import { canCall } from '../../lib/permissions';
import { useSession } from '../../lib/session';
import { CustomerPortalButton, PayerPicker, PaymentReturnAlert, usePayer } from './billing-parts';

/** How often a page back from the checkout reads again until the payment is there. */
const CONFIRMING_EVERY_MS = 2_000;

function PlanCard(props: {
  plan: PlanOffer;
  busy: boolean;
  disabled: boolean;
  onChoose: (plan: PlanOffer) => void;
}) {
  const { plan } = props;
  const recurring = plan.planType === 'SUBSCRIPTION';
  return (
    <Card.Root data-testid={`plan-${plan.planId}`}>
      <Card.Body gap="3">
        <HStack justify="space-between" align="start" gap="2">
          <Heading size="md">{plan.name}</Heading>
          <Badge colorPalette={recurring ? 'purple' : 'brand'}>
            {recurring ? 'Subscription' : 'Flexible'}
          </Badge>
        </HStack>
        {plan.description && <Text color="fg.muted">{plan.description}</Text>}
        <Stack gap="0">
          <Text fontSize="2xl" fontWeight="bold">
            {moneyText(plan.price)}
          </Text>
          <Text color="fg.muted" fontSize="sm">
            {planTerm(plan)}
          </Text>
        </Stack>
        <Button
          colorPalette="brand"
          alignSelf="start"
          loading={props.busy}
          disabled={props.disabled}
          onClick={() => props.onChoose(plan)}
          aria-label={`${recurring ? 'Subscribe to' : 'Buy'} ${plan.name}`}
        >
          {recurring ? 'Subscribe' : 'Buy'}
        </Button>
      </Card.Body>
    </Card.Root>
  );
}

function PlanGroup(props: {
  title: string;
  plans: PlanOffer[] | undefined;
  buying: string | undefined;
  onChoose: (plan: PlanOffer) => void;
}) {
  return (
    <Stack gap="3">
      <Heading as="h2" size="lg">
        {props.title}
      </Heading>
      {props.plans === undefined ? (
        <Text color="fg.muted">Loading plans…</Text>
      ) : props.plans.length === 0 ? (
        <Text color="fg.muted">None on offer at the moment.</Text>
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4">
          {props.plans.map((plan) => (
            <PlanCard
              key={plan.planId}
              plan={plan}
              busy={props.buying === plan.planId}
              disabled={props.buying !== undefined && props.buying !== plan.planId}
              onChoose={props.onChoose}
            />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

/**
 * The premium upgrade (spec 000 section 7, `stripe/premium/...`): offered when the school sells it (its
 * price answers; a 409 means not on sale, shown as nothing) and the payer has no premium access yet. Buy
 * goes to its Checkout Session; the payment grants the access.
 */
function PremiumCard({ payer }: { payer: Payer | undefined }) {
  const user = useSession()?.user;
  const payerId = payer?.userId ?? user?._id;
  const allowed = canCall(user, 'payments.premiumCreateSession');
  const { data: offer } = useApi(
    allowed ? ['payments.premiumProductPrice', { quietStatuses: [409] }] : null,
    {
      shouldRetryOnError: false,
    },
  );
  const { data: status } = useApi(
    allowed && offer && payerId ? ['payments.premiumStatus', { params: { id: payerId } }] : null,
  );
  const [busy, setBusy] = useState(false);
  if (!offer || !status || status.premium) return null;

  const buy = async () => {
    setBusy(true);
    try {
      const answer = await callApi('payments.premiumCreateSession', {
        body: payer?.userId ? { userId: payer.userId } : {},
      });
      window.location.assign(answer.stripeSession.url);
    } catch {
      // Toasted by the API client.
      setBusy(false);
    }
  };

  return (
    <Card.Root
      data-testid="premium-offer"
      borderColor="purple.emphasized"
      aria-label="Premium access"
      role="region"
    >
      <Card.Body gap="3">
        <HStack justify="space-between" align="start" gap="2" wrap="wrap">
          <Stack gap="1">
            <Heading as="h2" size="lg">
              Premium access
            </Heading>
            <Text color="fg.muted">{offer.name}</Text>
          </Stack>
          <Stack gap="2" align={{ base: 'start', md: 'end' }}>
            <Text fontSize="2xl" fontWeight="bold">
              {moneyText(offer.price)}
            </Text>
            <Button colorPalette="purple" loading={busy} onClick={buy} aria-label="Buy premium access">
              Buy
            </Button>
          </Stack>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * Coming back from the checkout (`paymentStatus=success`): the payment kept before leaving says how many
 * payments the payer had; the page reads their history until there is one more (the webhook's consumer
 * writes it, a moment after the payment).
 */
function useReturnedPayment(payer: Payer | undefined, pending: PendingPayment | undefined) {
  const [params] = useSearchParams();
  const returned = params.get('paymentStatus') === 'success';
  const waitsFor = returned && pending && pending.userId === payer?.userId ? pending : undefined;
  const { data } = usePaymentHistory(
    returned ? { limit: 1, offset: 0, ...(payer?.userId ? { userId: payer.userId } : {}) } : null,
    {
      refreshInterval: (latest) =>
        waitsFor && !paymentLanded(waitsFor, { payments: latest?.totalDocs }) ? CONFIRMING_EVERY_MS : 0,
    },
  );
  const landed = !waitsFor || paymentLanded(waitsFor, { payments: data?.totalDocs });
  useEffect(() => {
    if (returned && landed) forgetPendingPayment();
  }, [returned, landed]);
  return { returned, landed, latest: data?.docs[0] };
}

function Subscriptions() {
  usePageMeta('Plans and subscriptions');
  const [pending] = useState(() => {
    const kept = pendingPayment();
    return kept?.kind === 'plan' ? kept : undefined;
  });
  const { user, choices, payer, choose } = usePayer(pending?.userId);
  const allowed = canCall(user, 'payments.plans');
  const forUser = payer?.userId ? { userId: payer.userId } : {};
  const { data } = useApi(allowed ? ['payments.plans', { query: forUser }] : null);
  const [buying, setBuying] = useState<string | undefined>();
  const { returned, landed, latest } = useReturnedPayment(payer, pending);

  if (!allowed) {
    return (
      <Box maxW="3xl" mx="auto" px="4" py="8">
        <Text>Plans are not offered to this account.</Text>
      </Box>
    );
  }

  const choosePlan = async (plan: PlanOffer) => {
    setBuying(plan.planId);
    try {
      // How many payments the payer has now: the page coming back waits for one more.
      const before = await callApi('paymentHistory.list', { query: { limit: 1, offset: 0, ...forUser } });
      const body = { planId: plan.planId, ...forUser };
      const answer =
        plan.planType === 'SUBSCRIPTION'
          ? await callApi('payments.subscriptionSession', { body })
          : await callApi('payments.flexibleSession', { body });
      keepPendingPayment({ kind: 'plan', userId: payer?.userId, paymentsBefore: before.totalDocs });
      window.location.assign(answer.stripeSession.url);
    } catch {
      // Toasted by the API client.
      setBuying(undefined);
    }
  };

  return (
    <Box maxW="6xl" mx="auto" px="4" py="8">
      <Stack gap="6">
        <Stack gap="2">
          <Heading as="h1" size="2xl">
            Plans and subscriptions
          </Heading>
          <Text color="fg.muted">
            Prices are what {payer?.userId ? payer.name : 'you'} would pay, with any rate the school gives.
          </Text>
        </Stack>
        <HStack gap="3" wrap="wrap" align="end" justify="space-between">
          <PayerPicker choices={choices} payer={payer} onChoose={choose} />
          <HStack gap="2">
            <Button asChild variant="outline" size="sm">
              <RouterLink to={withQuery(paths.billing, payer?.userId ? { child: payer.userId } : {})}>
                Billing and payments
              </RouterLink>
            </Button>
            <CustomerPortalButton payer={payer} />
          </HStack>
        </HStack>
        {returned && (
          <PaymentReturnAlert
            landed={landed}
            received={
              latest
                ? `Thank you: your payment of ${moneyText(latest.amount)} is received.`
                : 'Thank you: your payment is received.'
            }
          >
            <Button asChild size="xs" variant="outline">
              <RouterLink to={withQuery(paths.billing, payer?.userId ? { child: payer.userId } : {})}>
                See it in payment history
              </RouterLink>
            </Button>
          </PaymentReturnAlert>
        )}
        <PremiumCard payer={payer} />
        <PlanGroup title="Subscriptions" plans={data?.subscription} buying={buying} onChoose={choosePlan} />
        <PlanGroup title="Flexible plans" plans={data?.flexible} buying={buying} onChoose={choosePlan} />
      </Stack>
    </Box>
  );
}

export default function SubscriptionsPage() {
  return (
    <RequireSession>
      <Subscriptions />
    </RequireSession>
  );
}
