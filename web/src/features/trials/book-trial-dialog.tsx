import {
  Button,
  CloseButton,
  Dialog,
  Field,
  HStack,
  Link,
  NativeSelect,
  Portal,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { isValidEmail, normalizeEmail } from '../../../../shared/rules/email';
import { BookingSchedule } from '../../components/booking/booking-schedule';
import { CallbackRequestForm } from '../../components/booking/callback-request-form';
import { type DayRange, useFreeDayCalendar } from '../../components/booking/use-free-day-calendar';
import { FormField } from '../../components/form-field';
import { paths, withQuery } from '../../config/paths';
import { trialLoginPath } from '../../config/trial-paths';
import { apiKey, useApi } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { deviceTimeZone } from '../../lib/time-zone';
import { toastSuccess } from '../../lib/toaster';
import { bookTrial, type NewAccount, signUpWithTrial } from './api/book-trial';
import { canBook, changeBooking, emptyBooking, slotsHint, type TrialBookingState } from './booking-state';

const emptyAccount: NewAccount = { firstname: '', lastname: '', email: '', password: '' };

/**
 * A tutor chosen before the dialog opens (the tutor directory's "Book a free trial"): the dialog offers
 * only what they teach and only their times (trials.slots and trials.freeDays take a tutorId), starting
 * from the curriculum, subject and grade the visitor had chosen, if any.
 */
export interface TrialTutor {
  _id: string;
  name: string;
  subjects: Array<{ curriculum: string; subject: string; grade: string }>;
  start?: { curriculum?: string | undefined; subject?: string | undefined; grade?: string | undefined };
}

/** The state the dialog opens with: the tutor's chosen subject when it is one they teach. */
function openingState(tutor: TrialTutor | undefined): TrialBookingState {
  const start = tutor?.start;
  if (!tutor || !start?.curriculum) return emptyBooking;
  const taught = tutor.subjects.filter((s) => s.curriculum === start.curriculum);
  if (taught.length === 0) return emptyBooking;
  const subject = taught.some((s) => s.subject === start.subject) ? (start.subject ?? '') : '';
  const grade =
    subject && taught.some((s) => s.subject === subject && s.grade === start.grade)
      ? (start.grade ?? '')
      : '';
  return { ...emptyBooking, curriculum: start.curriculum, subject, grade };
}

/** The "Book your FREE Class" dialog (spec 000 section 2), opened by its trigger. */
export function BookTrialDialog({
  trigger,
  defaultOpen = false,
  tutor,
}: {
  trigger: ReactNode;
  defaultOpen?: boolean;
  tutor?: TrialTutor | undefined;
}) {
  const [open, setOpen] = useState(defaultOpen);
  return (
    <Dialog.Root open={open} onOpenChange={(event) => setOpen(event.open)} size="xl" scrollBehavior="inside">
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          {/* Mounted only while open: closing clears the booking state. */}
          {open && <BookTrialContent tutor={tutor} onClose={() => setOpen(false)} />}
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function BookTrialContent({ onClose, tutor }: { onClose: () => void; tutor: TrialTutor | undefined }) {
  const session = useSession();
  const navigate = useNavigate();
  const [zone, setZone] = useState(deviceTimeZone);
  const [state, setState] = useState<TrialBookingState>(() => openingState(tutor));
  const [account, setAccount] = useState<NewAccount>(emptyAccount);
  const [accountErrors, setAccountErrors] = useState<Partial<Record<keyof NewAccount, string>>>({});
  const [busy, setBusy] = useState(false);
  const set = (field: keyof TrialBookingState) => (value: string) =>
    setState((s) => changeBooking(s, field, value));

  const { data: catalogue } = useApi(['curriculums.listWithGrades']);
  const curriculum = catalogue?.docs.find((c) => c.name === state.curriculum);
  // With a chosen tutor, the selectors offer only what they teach.
  const teaches = (part: { curriculum: string; subject?: string; grade?: string }) =>
    !tutor ||
    tutor.subjects.some(
      (s) =>
        s.curriculum === part.curriculum &&
        (part.subject === undefined || s.subject === part.subject) &&
        (part.grade === undefined || s.grade === part.grade),
    );
  const chosenTutor = tutor?._id;
  const hint = slotsHint(state, zone);
  const { curriculum: chosenCurriculum, subject, grade } = state;
  const combination = chosenCurriculum && subject && grade ? `${chosenCurriculum}|${subject}|${grade}` : null;
  const onDate = useCallback((date: string) => setState((s) => changeBooking(s, 'date', date)), []);
  const keyFor = useCallback(
    (range: DayRange) =>
      apiKey('trials.freeDays', {
        query: {
          ...range,
          curriculum: chosenCurriculum,
          subject,
          grade,
          deviceTimezone: zone,
          ...(chosenTutor ? { tutorId: chosenTutor } : {}),
        },
      }),
    [chosenCurriculum, subject, grade, zone, chosenTutor],
  );
  const calendar = useFreeDayCalendar({ zone, searchKey: combination, keyFor, date: state.date, onDate });
  const slotsKey = !hint
    ? ([
        'trials.slots',
        {
          query: {
            date: state.date,
            curriculum: state.curriculum,
            subject: state.subject,
            grade: state.grade,
            deviceTimezone: zone,
            ...(chosenTutor ? { tutorId: chosenTutor } : {}),
          },
        },
      ] as const)
    : null;
  const { data: slots, isLoading: loadingSlots, mutate: reloadSlots } = useApi(slotsKey);
  const chosen = useMemo(() => slots?.docs.find((slot) => slot.start === state.slot), [slots, state.slot]);

  const book = async () => {
    if (!chosen?.tutorId || !canBook(state)) return;
    const choice = {
      curriculum: state.curriculum,
      subject: state.subject,
      grade: state.grade,
      startDate: chosen.start,
      endDate: chosen.end,
      tutorId: chosen.tutorId,
    };
    if (!session) {
      const errors = validateAccount(account);
      setAccountErrors(errors);
      if (Object.keys(errors).length > 0) return;
    }
    setBusy(true);
    try {
      if (session) {
        const { courseId } = await bookTrial(choice, zone);
        toastSuccess('Trial class booked successfully!');
        onClose();
        navigate(`${paths.portalCourses}/${courseId}`);
      } else {
        await signUpWithTrial(choice, account, zone);
        onClose();
        navigate(withQuery(paths.portal, { trialClassCreated: 'true' }));
      }
    } catch {
      // The toast said why. Fresh slots are read: the chosen time stays chosen unless it was just taken
      // (an e-mail already in use, say, is no reason to pick the time again).
      const fresh = await reloadSlots();
      if (!fresh?.docs.some((slot) => slot.start === choice.startDate)) {
        setState((s) => changeBooking(s, 'slot', ''));
      }
      setBusy(false);
    }
  };

  return (
    <Dialog.Content>
      <Dialog.Header>
        <Dialog.Title>Book your FREE Class</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          {tutor && <Text data-testid="trial-tutor">With {tutor.name}</Text>}
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
            <Choice label="Curriculum" value={state.curriculum} onChange={set('curriculum')}>
              {catalogue?.docs
                .filter((c) => teaches({ curriculum: c.name }))
                .map((c) => (
                  <option key={c._id} value={c.name}>
                    {c.name}
                  </option>
                ))}
            </Choice>
            <Choice
              label="Subject"
              value={state.subject}
              onChange={set('subject')}
              disabled={!state.curriculum}
            >
              {curriculum?.subjects
                .filter((s) => teaches({ curriculum: curriculum.name, subject: s.name }))
                .map((s) => (
                  <option key={s.code} value={s.name}>
                    {s.name}
                  </option>
                ))}
            </Choice>
            <Choice label="Grade" value={state.grade} onChange={set('grade')} disabled={!state.subject}>
              {curriculum?.grades
                .filter((g) => teaches({ curriculum: curriculum.name, subject: state.subject, grade: g }))
                .map((g) => (
                  <option key={g} value={g}>
                    {g}
                  </option>
                ))}
            </Choice>
          </SimpleGrid>
          {combination ? (
            <BookingSchedule
              calendar={calendar}
              zone={zone}
              onZoneChange={(next) => {
                setZone(next);
                setState((s) => changeBooking(s, 'slot', ''));
              }}
              date={state.date}
              onDate={onDate}
              slots={slots?.docs}
              loadingSlots={loadingSlots}
              slot={state.slot}
              onSlot={set('slot')}
              timesLabel="Available times"
              noTimes={
                <CallbackRequestForm
                  about={{ curriculum: chosenCurriculum, subject, grade }}
                  zone={zone}
                  initial={
                    session
                      ? {
                          name: `${session.user.firstname} ${session.user.lastname}`.trim(),
                          email: session.user.email,
                        }
                      : {}
                  }
                  intro={`No tutor has a free time for ${subject} (${grade}) in the coming weeks. Leave your details and our team will call you back to find a time.`}
                />
              }
            />
          ) : (
            <Text color="fg.muted">{hint}</Text>
          )}
          {!session && !calendar.noneWithinHorizon && (
            <Stack gap="3" borderTopWidth="1px" pt="4">
              <HStack justify="space-between" gap="3" wrap="wrap">
                <Text fontWeight="medium">Your account</Text>
                <Text fontSize="sm">
                  Already have an account?{' '}
                  <Link asChild colorPalette="brand">
                    <RouterLink to={trialLoginPath} onClick={onClose}>
                      Log in
                    </RouterLink>
                  </Link>
                </Text>
              </HStack>
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                <FormField
                  label="First name"
                  value={account.firstname}
                  error={accountErrors.firstname}
                  onValueChange={(firstname) => setAccount((a) => ({ ...a, firstname }))}
                  required
                />
                <FormField
                  label="Last name"
                  value={account.lastname}
                  error={accountErrors.lastname}
                  onValueChange={(lastname) => setAccount((a) => ({ ...a, lastname }))}
                  required
                />
                <FormField
                  label="Email"
                  type="email"
                  autoComplete="email"
                  value={account.email}
                  error={accountErrors.email}
                  onValueChange={(email) => setAccount((a) => ({ ...a, email }))}
                  required
                />
                <FormField
                  label="Password"
                  type="password"
                  autoComplete="new-password"
                  value={account.password}
                  error={accountErrors.password}
                  helper="At least 8 characters"
                  onValueChange={(password) => setAccount((a) => ({ ...a, password }))}
                  required
                />
              </SimpleGrid>
            </Stack>
          )}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose}>
          Dismiss
        </Button>
        <Button colorPalette="brand" disabled={!canBook(state) || !chosen} loading={busy} onClick={book}>
          Book Trial
        </Button>
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" />
      </Dialog.CloseTrigger>
    </Dialog.Content>
  );
}

function Choice(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Field.Root required disabled={props.disabled}>
      <Field.Label>
        {props.label}
        <Field.RequiredIndicator />
      </Field.Label>
      <NativeSelect.Root disabled={props.disabled}>
        <NativeSelect.Field
          aria-label={props.label}
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
        >
          <option value="">Select {props.label.toLowerCase()}</option>
          {props.children}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

function validateAccount(account: NewAccount): Partial<Record<keyof NewAccount, string>> {
  const errors: Partial<Record<keyof NewAccount, string>> = {};
  if (!account.firstname.trim()) errors.firstname = 'First name is required';
  if (!account.lastname.trim()) errors.lastname = 'Last name is required';
  if (!isValidEmail(normalizeEmail(account.email))) errors.email = 'Please enter a valid email address';
  if (account.password.length < 8) errors.password = 'Password must be at least 8 characters';
  return errors;
}
