import { Badge, Box, Button, Flex, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { type ReactNode, useEffect, useState } from 'react';
import type { MoneyDoc } from '../../../../shared/money/schemas';
import { isValidEmail } from '../../../../shared/rules/email';
import { enumLabels } from '../../../../shared/rules/enum-labels';
import { countryList } from '../../../../shared/schemas/countries';
import { apiKey, useApi } from '../../lib/api-client';
import { formatDate } from '../../lib/format';
import { moneyText } from '../../lib/money-text';
import { toastSuccess } from '../../lib/toaster';
import { PaymentHistoryTable } from '../billing/payment-history-table';
import { FormField } from '../form-field';
import { SelectField } from '../select-field';
import type { BankDetailsInput, Profile, ProfileCalls } from './profile-calls';

/**
 * The money tabs of a profile (issue #18 item 7), each shown by ProfileView when the server's `access` shows
 * its part: plans (a student's, or a parent's children's), payment history, the billing e-mail, a tutor's
 * rates and bank details. One's own profile reads through the user's calls, an admin's view of a user
 * (`calls.adminOf`) through the admin ones; the server refuses whatever the tab would not offer.
 */

const SAVED = 'Details updated successfully!';

/** `COURSE_TOPUP` -> `Course topup`, `past_due` -> `Past due`. */
const words = (value: string) => {
  const text = value.toLowerCase().replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

const statusPalette: Record<string, string> = {
  active: 'green',
  trialing: 'blue',
  past_due: 'orange',
  unpaid: 'red',
  canceled: 'gray',
  ENROLLED: 'green',
  UNENROLLED: 'gray',
};

function StatusBadge({ status }: { status: string }) {
  return <Badge colorPalette={statusPalette[status] ?? 'gray'}>{words(status)}</Badge>;
}

function Section(props: { title: string; children: ReactNode; empty?: string | false }) {
  return (
    <Stack gap="2">
      <Heading as="h3" size="sm">
        {props.title}
      </Heading>
      {props.empty ? (
        <Text color="fg.muted" fontSize="sm">
          {props.empty}
        </Text>
      ) : (
        <Box overflowX="auto">{props.children}</Box>
      )}
    </Stack>
  );
}

// ---- plans -----------------------------------------------------------------------------------------------

export function PlansTab({ profile, calls }: { profile: Profile; calls: ProfileCalls }) {
  const id = calls.adminOf;
  const own = useApi(id === undefined ? apiKey('profile.plans') : null);
  const admin = useApi(id !== undefined ? apiKey('adminUsers.plans', { params: { id } }) : null);
  const data = own.data ?? admin.data;
  if (own.error || admin.error) return <Text>The plans could not be loaded.</Text>;
  if (!data) return <Text color="fg.muted">Loading plans…</Text>;
  if (data.people.length === 0)
    return <Text color="fg.muted">No children are linked to this account yet.</Text>;
  // A parent's tab lists each child under their name.
  const named = data.people.some((person) => person._id !== profile._id);
  return (
    <Stack gap="6">
      {data.people.map((person) => (
        <Stack key={person._id} gap="4" data-testid={`plans-${person._id}`}>
          {named && (
            <Heading as="h3" size="md">
              {person.firstname} {person.lastname}
            </Heading>
          )}
          <Section title="Subscriptions" empty={person.subscriptions.length === 0 && 'No subscriptions yet.'}>
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Plan</Table.ColumnHeader>
                  <Table.ColumnHeader>Type</Table.ColumnHeader>
                  <Table.ColumnHeader>Status</Table.ColumnHeader>
                  <Table.ColumnHeader>Renews or ends</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {person.subscriptions.map((subscription) => (
                  <Table.Row key={subscription._id}>
                    <Table.Cell>{subscription.planName ?? subscription.courseTitle ?? 'Plan'}</Table.Cell>
                    <Table.Cell>{enumLabels.financePaymentType[subscription.paymentType]}</Table.Cell>
                    <Table.Cell>
                      <StatusBadge status={subscription.status} />
                      {subscription.cancelAtPeriodEnd && (
                        <Text as="span" fontSize="xs" color="fg.muted" ms="2">
                          ends at period end
                        </Text>
                      )}
                    </Table.Cell>
                    <Table.Cell>{formatDate(subscription.currentPeriodEnd)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Section>
          <Section
            title="Enrolments"
            empty={person.enrolments.length === 0 && 'Not enrolled in a course yet.'}
          >
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Course</Table.ColumnHeader>
                  <Table.ColumnHeader>Paid by</Table.ColumnHeader>
                  <Table.ColumnHeader>State</Table.ColumnHeader>
                  <Table.ColumnHeader>Since</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {person.enrolments.map((enrolment) => (
                  <Table.Row key={enrolment.courseId}>
                    <Table.Cell>{enrolment.courseTitle}</Table.Cell>
                    <Table.Cell>
                      {enrolment.enrolmentType ? enumLabels.enrolmentType[enrolment.enrolmentType] : '—'}
                    </Table.Cell>
                    <Table.Cell>
                      <StatusBadge status={enrolment.enrolment} />
                    </Table.Cell>
                    <Table.Cell>{formatDate(enrolment.createdAt)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Section>
          <Section
            title="Student rates"
            empty={
              person.rates.flexible.length + person.rates.subscription.length === 0 &&
              'No student rates apply: plans are sold at their own prices.'
            }
          >
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Kind</Table.ColumnHeader>
                  <Table.ColumnHeader>Plan</Table.ColumnHeader>
                  <Table.ColumnHeader>For</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Price</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {(['flexible', 'subscription'] as const).flatMap((kind) =>
                  person.rates[kind].map((rate) => (
                    <Table.Row key={`${kind}-${rate._id}`}>
                      <Table.Cell>{words(kind)}</Table.Cell>
                      <Table.Cell>{rate.planName ?? rate.packageId}</Table.Cell>
                      <Table.Cell>
                        {[rate.country, rate.curriculum, rate.grade].filter(Boolean).join(' · ') ||
                          'Everyone'}
                      </Table.Cell>
                      <Table.Cell textAlign="end">{moneyText(rate.price)}</Table.Cell>
                    </Table.Row>
                  )),
                )}
              </Table.Body>
            </Table.Root>
          </Section>
        </Stack>
      ))}
    </Stack>
  );
}

// ---- payment history ---------------------------------------------------------------------------------------

const PAGE = 10;

/**
 * The payment history of the profile's person; a parent's payments are made for their children, so a
 * parent picks the child whose history to read.
 */
export function PaymentHistoryTab({ profile, calls }: { profile: Profile; calls: ProfileCalls }) {
  const id = calls.adminOf;
  const parent = profile.type === 'parent';
  const mapped = useApi(parent && id === undefined ? apiKey('users.mappedAccounts') : null);
  const children =
    id === undefined
      ? (mapped.data?.docs ?? []).filter((account) => account._id !== profile._id)
      : (profile.linkedAccounts ?? []);
  const [chosen, setChosen] = useState<string>('');
  const child = parent ? chosen || children[0]?._id : undefined;
  const [offset, setOffset] = useState(0);
  const page = { limit: PAGE, offset };
  const whose = parent ? child : id === undefined ? undefined : id;
  const ready = !parent || child !== undefined;
  const own = useApi(
    id === undefined && ready
      ? apiKey('paymentHistory.list', { query: { ...page, ...(whose ? { userId: whose } : {}) } })
      : null,
  );
  const admin = useApi(
    id !== undefined && ready && whose
      ? apiKey('paymentHistory.adminList', { query: { ...page, userId: whose } })
      : null,
  );
  const data = own.data ?? admin.data;
  return (
    <Stack gap="4">
      {parent && (
        <SelectField
          label="Child"
          value={child ?? ''}
          onChange={(picked) => {
            setChosen(picked);
            setOffset(0);
          }}
          placeholder={children.length ? undefined : 'No children linked'}
        >
          {children.map((account) => (
            <option key={account._id} value={account._id}>
              {account.firstname} {account.lastname}
            </option>
          ))}
        </SelectField>
      )}
      {!ready ? (
        <Text color="fg.muted">No children are linked to this account yet.</Text>
      ) : own.error || admin.error ? (
        <Text>The payment history could not be loaded.</Text>
      ) : !data ? (
        <Text color="fg.muted">Loading payments…</Text>
      ) : data.docs.length === 0 ? (
        <Text color="fg.muted">No payments yet.</Text>
      ) : (
        <>
          <Box overflowX="auto">
            <PaymentHistoryTable docs={data.docs} />
          </Box>
          <Flex justify="space-between" align="center">
            <Text fontSize="sm" color="fg.muted">
              {offset + 1}–{offset + data.docs.length} of {data.totalDocs}
            </Text>
            <HStack>
              <Button
                size="sm"
                variant="outline"
                disabled={offset === 0}
                onClick={() => setOffset(offset - PAGE)}
              >
                Newer
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={offset + PAGE >= data.totalDocs}
                onClick={() => setOffset(offset + PAGE)}
              >
                Older
              </Button>
            </HStack>
          </Flex>
        </>
      )}
    </Stack>
  );
}

// ---- billing e-mail ----------------------------------------------------------------------------------------

export function BillingEmailTab(props: {
  profile: Profile;
  calls: ProfileCalls;
  canEdit: boolean;
  onSaved: (profile: Profile) => void;
}) {
  const { profile, calls, canEdit } = props;
  const [value, setValue] = useState(profile.billingEmail ?? '');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  useEffect(() => setValue(profile.billingEmail ?? ''), [profile]);
  const save = async () => {
    const email = value.trim();
    if (email && !isValidEmail(email)) {
      setError('Please enter a valid email address');
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      props.onSaved(await calls.save({ billingEmail: email }));
      toastSuccess(SAVED);
    } catch {
      // Toasted by the API client.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="4" maxW="lg">
      <FormField
        label="Billing e-mail"
        type="email"
        value={value}
        error={error}
        disabled={!canEdit}
        placeholder={profile.email}
        helper="Receipts and the payment page use this address. Empty: the sign-in e-mail."
        onValueChange={setValue}
      />
      {canEdit && (
        <Flex justify="end">
          <Button onClick={save} loading={busy}>
            Save
          </Button>
        </Flex>
      )}
    </Stack>
  );
}

// ---- tutor rates --------------------------------------------------------------------------------------------

interface RateRow {
  _id: string;
  studentCountry: string;
  curriculum: string;
  grade: string;
  rate: MoneyDoc;
  effectiveFrom: string;
  effectiveTo?: string | null | undefined;
  kind?: string | undefined;
}

export function RatesTable(props: {
  rows: readonly RateRow[];
  kindLabel: string;
  empty: string;
  actions?: (row: RateRow) => ReactNode;
}) {
  if (props.rows.length === 0)
    return (
      <Text color="fg.muted" fontSize="sm">
        {props.empty}
      </Text>
    );
  return (
    <Box overflowX="auto">
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{props.kindLabel}</Table.ColumnHeader>
            <Table.ColumnHeader>Student's country</Table.ColumnHeader>
            <Table.ColumnHeader>Curriculum · grade</Table.ColumnHeader>
            <Table.ColumnHeader>In force</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Hourly rate</Table.ColumnHeader>
            {props.actions && <Table.ColumnHeader />}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {props.rows.map((row) => (
            <Table.Row key={row._id}>
              <Table.Cell>{row.kind || 'Any'}</Table.Cell>
              <Table.Cell>{row.studentCountry || 'Any'}</Table.Cell>
              <Table.Cell>{[row.curriculum, row.grade].filter(Boolean).join(' · ') || 'Any'}</Table.Cell>
              <Table.Cell whiteSpace="nowrap">
                {formatDate(row.effectiveFrom)} – {row.effectiveTo ? formatDate(row.effectiveTo) : 'open'}
              </Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap">
                {moneyText(row.rate)}
              </Table.Cell>
              {props.actions && <Table.Cell textAlign="end">{props.actions(row)}</Table.Cell>}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

/** A tutor's own view of their rates: theirs, and the school's general ones for their country. Read-only. */
export function OwnTutorRatesTab() {
  const oneToOne = useApi(apiKey('one-to-one-tutor-rates.mine'));
  const group = useApi(apiKey('group-tutor-rates.mine'));
  if (oneToOne.error || group.error) return <Text>The rates could not be loaded.</Text>;
  if (!oneToOne.data || !group.data) return <Text color="fg.muted">Loading rates…</Text>;
  const one = oneToOne.data;
  const many = group.data;
  return (
    <Stack gap="6">
      <Text fontSize="sm" color="fg.muted">
        The rates you are paid per hour taught. The school sets them; ask it about a change.
      </Text>
      <Section title="One-to-one">
        <RatesTable
          kindLabel="Student type"
          empty="No one-to-one rates yet."
          rows={[
            ...one.own.map((rate) => ({ ...rate, kind: rate.studentType })),
            ...one.general.map((rate) => ({ ...rate, kind: rate.studentType })),
          ]}
        />
      </Section>
      <Section title="Group">
        <RatesTable
          kindLabel="Course type"
          empty="No group rates yet."
          rows={[
            ...many.own.map((rate) => ({ ...rate, kind: rate.courseType })),
            ...many.general.map((rate) => ({ ...rate, kind: rate.courseType })),
          ]}
        />
      </Section>
    </Stack>
  );
}

// ---- bank details -------------------------------------------------------------------------------------------

type BankValue = { [Field in keyof BankDetailsInput]: string };
const emptyBank: BankValue = {
  accountHolderName: '',
  bankName: '',
  accountNumber: '',
  routingCode: '',
  country: '',
};
const bankFields: { key: Exclude<keyof BankValue, 'country'>; label: string; helper?: string }[] = [
  { key: 'accountHolderName', label: 'Account holder name' },
  { key: 'bankName', label: 'Bank name' },
  { key: 'accountNumber', label: 'Account number', helper: 'The account number or IBAN' },
  { key: 'routingCode', label: 'Routing, sort or SWIFT code' },
];

/** The form's own checks (the server's schema says the rest, field by field). */
function bankErrors(value: BankValue): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of bankFields)
    if (!value[field.key].trim()) errors[field.key] = `${field.label} is required`;
  if (!value.country) errors.country = 'Choose a country from the list';
  return errors;
}

export function BankDetailsTab(props: {
  profile: Profile;
  calls: ProfileCalls;
  canEdit: boolean;
  onSaved: (profile: Profile) => void;
}) {
  const { profile, calls, canEdit } = props;
  const stored = profile.bankDetails;
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState<BankValue>(emptyBank);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const start = () => {
    setValue(
      stored
        ? { ...stored, accountNumber: stored.accountNumberMasked ? '' : stored.accountNumber }
        : emptyBank,
    );
    setErrors({});
    setEditing(true);
  };
  const save = async () => {
    const found = bankErrors(value);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      props.onSaved(await calls.saveBankDetails(value));
      toastSuccess(SAVED);
      setEditing(false);
    } catch {
      // Toasted by the API client (the server's message names the field).
    } finally {
      setBusy(false);
    }
  };
  if (editing) {
    return (
      <Stack gap="4" maxW="lg">
        {bankFields.map((field) => (
          <FormField
            key={field.key}
            label={field.label}
            required
            value={value[field.key]}
            error={errors[field.key]}
            helper={field.helper}
            autoComplete="off"
            onValueChange={(text) => setValue({ ...value, [field.key]: text })}
          />
        ))}
        <SelectField
          label="Country"
          required
          value={value.country}
          onChange={(country) => setValue({ ...value, country })}
          error={errors.country}
          placeholder="Select country"
        >
          {countryList.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </SelectField>
        <Flex justify="end" gap="2">
          <Button variant="outline" onClick={() => setEditing(false)} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={save} loading={busy}>
            Save
          </Button>
        </Flex>
      </Stack>
    );
  }
  return (
    <Stack gap="4" maxW="lg">
      {stored ? (
        <Stack as="dl" gap="2" data-testid="bank-details">
          {[
            ['Account holder name', stored.accountHolderName],
            ['Bank name', stored.bankName],
            ['Account number', stored.accountNumber],
            ['Routing, sort or SWIFT code', stored.routingCode],
            [
              'Country',
              countryList.find((country) => country.code === stored.country)?.name ?? stored.country,
            ],
          ].map(([label, text]) => (
            <Flex key={label} gap="4" direction={{ base: 'column', sm: 'row' }}>
              <Text as="dt" color="fg.muted" minW="56">
                {label}
              </Text>
              <Text as="dd" fontFamily={label === 'Account number' ? 'mono' : undefined}>
                {text}
              </Text>
            </Flex>
          ))}
          <Text fontSize="xs" color="fg.muted">
            Updated {formatDate(stored.updatedAt)}
            {stored.accountNumberMasked
              ? ' · the account number is shown to the tutor and to admins who may change it'
              : ''}
          </Text>
        </Stack>
      ) : (
        <Text color="fg.muted">No bank details yet: the school needs them to pay the tutor.</Text>
      )}
      {canEdit && (
        <Flex justify="end">
          <Button onClick={start}>{stored ? 'Change bank details' : 'Add bank details'}</Button>
        </Flex>
      )}
    </Stack>
  );
}
