import { Alert, Button, Card, Field, Heading, HStack, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router-dom';
import type { CourseDetail } from '../../../../shared/routes/scheduling';
import { paths } from '../../config/paths';
import { useCourseCredits } from '../../lib/api/billing';
import { callApi } from '../../lib/api-client';
import { forgetPendingPayment, keepPendingPayment, paymentLanded, pendingPayment } from '../../lib/billing';
import { creditsText } from '../../lib/money-text';
import { canCall } from '../../lib/permissions';
import { useSession } from '../../lib/session';

/** How often a page back from the checkout reads again until the payment has landed. */
const CONFIRMING_EVERY_MS = 2_000;
const MAX_TOP_UP = 100;

/**
 * The course's enrolment and credits on its page (spec 000 sections 4 and 7), for the student themself:
 * - not enrolled: "Enrol" (subscribe-course). A credit course enrols at once and the page reloads with
 *   `paymentStatus=success`; any other course goes to the payment page (`stripeSession.url`) and comes back
 *   here, enrolled once the payment's webhook has been applied.
 * - enrolled by credit: the credits left on the course and, with courses courseTopup, a top-up of N credits
 *   through the payment page; back here, the page reads the credits until the bought ones are there.
 */
export function CourseBilling({ course, reload }: { course: CourseDetail; reload: () => Promise<unknown> }) {
  const user = useSession()?.user;
  const [params] = useSearchParams();
  const returned = params.get('paymentStatus') === 'success';
  const mine = course.students.find((member) => member.user._id === user?._id);
  const byCredit = course.paymentType === 'CREDIT' && mine?.enrolmentType === 'CREDIT';
  const [pending] = useState(() => {
    const kept = pendingPayment();
    return kept?.kind === 'credits' && kept.courseId === course._id ? kept : undefined;
  });
  const waiting = returned && pending !== undefined;
  const { data: credits } = useCourseCredits(undefined, byCredit || waiting, {
    refreshInterval: (latest) => {
      const held = latest?.docs.find((doc) => doc.courseId === course._id)?.credits;
      return returned && pending && !paymentLanded(pending, { credits: held }) ? CONFIRMING_EVERY_MS : 0;
    },
  });
  const held = credits?.docs.find((doc) => doc.courseId === course._id)?.credits;
  const landed = pending ? paymentLanded(pending, { credits: held }) : false;
  useEffect(() => {
    if (landed) forgetPendingPayment();
  }, [landed]);

  // A paid course's enrolment comes from the payment's webhook: read the course again until it shows.
  const awaitsEnrolment = returned && !mine && course.paymentType !== 'CREDIT';
  useEffect(() => {
    if (!awaitsEnrolment) return;
    const timer = window.setInterval(() => void reload(), CONFIRMING_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [awaitsEnrolment, reload]);

  if (user?.type !== 'student' || course.isTrial) return null;
  const alert = returned ? returnAlert({ course, enrolled: !!mine, pending, landed }) : undefined;
  return (
    <>
      {alert && (
        <Alert.Root status={alert.status} data-testid="payment-status">
          <Alert.Indicator />
          <Alert.Title>{alert.text}</Alert.Title>
        </Alert.Root>
      )}
      {!mine && canCall(user, 'payments.subscribeCourse') && !awaitsEnrolment && (
        <EnrolCard course={course} />
      )}
      {byCredit && (
        <CreditsCard course={course} credits={held} mayTopUp={canCall(user, 'payments.topUpCourse')} />
      )}
    </>
  );
}

function returnAlert(state: {
  course: CourseDetail;
  enrolled: boolean;
  pending: ReturnType<typeof pendingPayment>;
  landed: boolean;
}): { status: 'success' | 'info'; text: string } {
  if (state.pending?.kind === 'credits') {
    return state.landed
      ? {
          status: 'success',
          text: `Thank you: ${creditsText(state.pending.bought)} added.`,
        }
      : { status: 'info', text: 'Thank you: your payment is being confirmed…' };
  }
  if (!state.enrolled) return { status: 'info', text: 'Thank you: your payment is being confirmed…' };
  return state.course.paymentType === 'CREDIT'
    ? { status: 'success', text: 'You are enrolled. Top up lesson credits to book your lessons.' }
    : { status: 'success', text: `Thank you: you are enrolled in ${state.course.title}.` };
}

function EnrolCard({ course }: { course: CourseDetail }) {
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  const enrol = async () => {
    setBusy(true);
    try {
      const answer = await callApi('payments.subscribeCourse', { body: { courseId: course._id } });
      if (answer.stripeSession) window.location.assign(answer.stripeSession.url);
      // A credit course: enrolled already; the page reloads with the success flag (spec 000 section 4).
      else
        window.location.assign(
          `${import.meta.env.BASE_URL}${location.pathname.replace(/^\//, '')}?paymentStatus=success`,
        );
    } catch {
      // Toasted by the API client.
      setBusy(false);
    }
  };
  return (
    <Card.Root data-testid="course-enrol">
      <Card.Body gap="3">
        <Heading size="md">You are not enrolled in this course</Heading>
        <Text color="fg.muted">
          {course.paymentType === 'CREDIT'
            ? 'Enrol now and pay per lesson with credits.'
            : course.paymentType === 'SUBSCRIPTION'
              ? 'Enrol with a subscription, paid on the next page.'
              : 'Enrol with a one-time payment, made on the next page.'}
        </Text>
        <Button colorPalette="brand" alignSelf="start" loading={busy} onClick={enrol}>
          Enrol
        </Button>
      </Card.Body>
    </Card.Root>
  );
}

function CreditsCard(props: { course: CourseDetail; credits: number | undefined; mayTopUp: boolean }) {
  const [count, setCount] = useState('5');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const topUp = async () => {
    const credits = Number(count);
    if (!Number.isInteger(credits) || credits < 1 || credits > MAX_TOP_UP) {
      setError(`Top up 1 to ${MAX_TOP_UP} whole credits`);
      return;
    }
    setError('');
    setBusy(true);
    try {
      const answer = await callApi('payments.topUpCourse', { body: { courseId: props.course._id, credits } });
      keepPendingPayment({
        kind: 'credits',
        userId: undefined,
        courseId: props.course._id,
        creditsBefore: props.credits ?? 0,
        bought: credits,
      });
      window.location.assign(answer.stripeSession.url);
    } catch {
      // Toasted by the API client.
      setBusy(false);
    }
  };
  return (
    <Card.Root data-testid="course-credits">
      <Card.Body gap="3">
        <HStack justify="space-between" gap="3" wrap="wrap">
          <Heading size="md">Lesson credits</Heading>
          <Text fontSize="lg" fontWeight="bold" data-testid="course-credit-count">
            {props.credits === undefined ? '…' : `${creditsText(props.credits)} left`}
          </Text>
        </HStack>
        <Text color="fg.muted" fontSize="sm">
          Each lesson booked on this course uses one credit.{' '}
          <Link asChild color="brand.fg">
            <RouterLink to={paths.billing}>See your billing</RouterLink>
          </Link>
        </Text>
        {props.mayTopUp && (
          <Stack direction={{ base: 'column', sm: 'row' }} gap="3" align={{ sm: 'end' }}>
            <Field.Root invalid={!!error} w={{ sm: '40' }}>
              <Field.Label>Credits to buy</Field.Label>
              <Input
                type="number"
                min={1}
                max={MAX_TOP_UP}
                step={1}
                value={count}
                onChange={(e) => setCount(e.target.value)}
              />
              {error && <Field.ErrorText>{error}</Field.ErrorText>}
            </Field.Root>
            <Button colorPalette="brand" loading={busy} onClick={topUp}>
              Top up
            </Button>
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
