import { Box, Button, Flex, Stack, Tabs } from '@chakra-ui/react';
import { type ReactNode, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Curriculum } from '../../../../shared/schemas/curriculum';
import {
  type ProfilePart,
  profileDetailFields,
  profileEntryKinds,
} from '../../../../shared/schemas/profile-lists';
import { toastSuccess } from '../../lib/toaster';
import { FormField } from '../form-field';
import { SelectField } from '../select-field';
import type { Profile, ProfileCalls } from './profile-calls';
import { EntriesTab } from './profile-entries';
import { AccountFields, DetailsFields } from './profile-fields';
import {
  type AccountValue,
  accountBody,
  accountErrors,
  accountValue,
  type DetailsValue,
  detailsBody,
  detailsValue,
  type RoleChoice,
  rolesFor,
} from './profile-form';
import {
  BankDetailsTab,
  BillingEmailTab,
  OwnTutorRatesTab,
  PaymentHistoryTab,
  PlansTab,
} from './profile-money';
import { SubjectsTab } from './profile-subjects';

/** A tab of the profile: shown when the caller's access shows any of its parts. */
export interface ProfileTab {
  value: string;
  label: string;
  content: ReactNode;
}

const detailParts: readonly ProfilePart[] = profileDetailFields;
const entryParts: readonly ProfilePart[] = profileEntryKinds;

function SaveBar(props: { onSave: () => void; busy: boolean; label?: string }) {
  return (
    <Flex justify="end">
      <Button onClick={props.onSave} loading={props.busy}>
        {props.label ?? 'Save'}
      </Button>
    </Flex>
  );
}

function AccountTab(props: {
  profile: Profile;
  calls: ProfileCalls;
  canEdit: boolean;
  levels: readonly string[];
  roles: readonly RoleChoice[] | undefined;
  onSaved: (profile: Profile) => void;
}) {
  const { profile, calls, canEdit, roles } = props;
  const [value, setValue] = useState<AccountValue>(() => accountValue(profile));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  // A save answers the profile, which then stands in the form (the server may have tidied it).
  useEffect(() => setValue(accountValue(profile)), [profile]);
  const admin = roles !== undefined;
  const save = async () => {
    const found = accountErrors(value, { email: admin });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      props.onSaved(await calls.save(accountBody(value, { email: admin, role: admin })));
      toastSuccess(calls.savedMessage);
    } catch {
      // Toasted by the API client.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="4">
      {admin && (
        <Flex gap="4" direction={{ base: 'column', md: 'row' }}>
          <FormField
            label="E-mail"
            type="email"
            required
            value={value.email}
            error={errors.email}
            disabled={!canEdit}
            onValueChange={(email) => setValue({ ...value, email })}
          />
          <SelectField
            label="Role"
            value={value.roleId}
            disabled={!canEdit}
            onChange={(roleId) => setValue({ ...value, roleId })}
          >
            {rolesFor(profile.type, roles).map((role) => (
              <option key={role._id} value={role._id}>
                {role.name}
              </option>
            ))}
            {!roles.some((role) => role._id === value.roleId) && (
              <option value={value.roleId}>{profile.roleName}</option>
            )}
          </SelectField>
        </Flex>
      )}
      <AccountFields
        value={value}
        onChange={setValue}
        errors={errors}
        levels={props.levels}
        readOnly={!canEdit}
      />
      {canEdit && <SaveBar onSave={save} busy={busy} />}
    </Stack>
  );
}

function DetailsTab(props: {
  profile: Profile;
  calls: ProfileCalls;
  visible: ReadonlySet<ProfilePart>;
  writable: ReadonlySet<ProfilePart>;
  curricula: readonly Curriculum[];
  levels: readonly string[];
  onSaved: (profile: Profile) => void;
}) {
  const { profile, calls, writable } = props;
  const [value, setValue] = useState<DetailsValue>(() => detailsValue(profile));
  const [busy, setBusy] = useState(false);
  useEffect(() => setValue(detailsValue(profile)), [profile]);
  const save = async () => {
    setBusy(true);
    try {
      props.onSaved(await calls.save(detailsBody(value, writable)));
      toastSuccess(calls.savedMessage);
    } catch {
      // Toasted by the API client.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="4">
      <DetailsFields
        value={value}
        onChange={setValue}
        visible={props.visible}
        writable={writable}
        curricula={props.curricula.map((c) => c.name)}
        levels={props.levels}
      />
      {detailParts.some((part) => writable.has(part)) && <SaveBar onSave={save} busy={busy} />}
    </Stack>
  );
}

/**
 * A person's profile (spec 000 section 6, spec 002 "Users"), the same for one's own and for an admin's view
 * of a user: each tab shows when the server's `access` shows any of its parts, and its fields are editable
 * when `access` makes them writable (the server refuses the rest whatever the screen sends). The tabs are a
 * list: the money tabs (plans, payment history, billing e-mail, tutor rates, bank details: profile-money.tsx)
 * each shown by its own part, and a page adds its own (an admin's notes and linked accounts).
 */
export function ProfileView(props: {
  profile: Profile;
  calls: ProfileCalls;
  onSaved: (profile: Profile) => void;
  curricula: readonly Curriculum[];
  /** An admin's view: the e-mail and role are editable, from these roles. */
  roles?: readonly RoleChoice[];
  /** Tabs of the page's own, after the profile's. */
  extraTabs?: ProfileTab[];
  /** An admin's view: the tutor rates tab's content (the school's editor); one's own shows them read-only. */
  tutorRates?: ReactNode;
}) {
  const { profile, calls, onSaved, curricula } = props;
  const visible = new Set(profile.access.visible);
  const writable = new Set(profile.access.writable);
  const levels = [...new Set(curricula.flatMap((c) => c.grades))].sort((a, b) =>
    a.localeCompare(b, undefined, { numeric: true }),
  );
  const tabs: ProfileTab[] = [
    {
      value: 'account',
      label: 'Account',
      content: (
        <AccountTab
          profile={profile}
          calls={calls}
          canEdit={profile.access.edit}
          levels={levels}
          roles={props.roles}
          onSaved={onSaved}
        />
      ),
    },
  ];
  if (detailParts.some((part) => visible.has(part))) {
    tabs.push({
      value: 'details',
      label: 'Details',
      content: (
        <DetailsTab
          profile={profile}
          calls={calls}
          visible={visible}
          writable={writable}
          curricula={curricula}
          levels={levels}
          onSaved={onSaved}
        />
      ),
    });
  }
  if (entryParts.some((part) => visible.has(part))) {
    tabs.push({
      value: 'qualifications',
      label: 'Qualifications',
      content: (
        <EntriesTab profile={profile} calls={calls} visible={visible} writable={writable} onSaved={onSaved} />
      ),
    });
  }
  if (visible.has('subjects')) {
    tabs.push({
      value: 'subjects',
      label: 'Subjects',
      content: (
        <SubjectsTab
          profile={profile}
          calls={calls}
          canEdit={writable.has('subjects')}
          curricula={curricula}
          onSaved={onSaved}
        />
      ),
    });
  }
  if (visible.has('plans')) {
    tabs.push({ value: 'plans', label: 'Plans', content: <PlansTab profile={profile} calls={calls} /> });
  }
  if (visible.has('paymentHistory')) {
    tabs.push({
      value: 'payment-history',
      label: 'Payment history',
      content: <PaymentHistoryTab profile={profile} calls={calls} />,
    });
  }
  if (visible.has('billingEmail')) {
    tabs.push({
      value: 'billing-email',
      label: 'Billing e-mail',
      content: (
        <BillingEmailTab
          profile={profile}
          calls={calls}
          canEdit={writable.has('billingEmail')}
          onSaved={onSaved}
        />
      ),
    });
  }
  if (visible.has('tutorRates')) {
    tabs.push({
      value: 'tutor-rates',
      label: 'Tutor rates',
      content: calls.adminOf === undefined ? <OwnTutorRatesTab /> : props.tutorRates,
    });
  }
  if (visible.has('bankDetails')) {
    tabs.push({
      value: 'bank-details',
      label: 'Bank details',
      content: (
        <BankDetailsTab
          profile={profile}
          calls={calls}
          canEdit={writable.has('bankDetails')}
          onSaved={onSaved}
        />
      ),
    });
  }
  tabs.push(...(props.extraTabs ?? []));

  // The open tab lives in the address (?tab=), so a reload and a shared link open it again.
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const current = tabs.find((tab) => tab.value === requested)?.value ?? 'account';
  return (
    <Tabs.Root
      value={current}
      onValueChange={(e) =>
        setParams(
          (now) => {
            const next = new URLSearchParams(now);
            next.set('tab', e.value);
            return next;
          },
          { replace: true },
        )
      }
      variant="line"
      lazyMount
    >
      <Box overflowX="auto">
        <Tabs.List>
          {tabs.map((tab) => (
            // Not shrunk: on a phone the row of tabs scrolls sideways rather than running labels together.
            <Tabs.Trigger key={tab.value} value={tab.value} whiteSpace="nowrap" flexShrink="0">
              {tab.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
      </Box>
      {tabs.map((tab) => (
        <Tabs.Content key={tab.value} value={tab.value}>
          <Box bg="bg" rounded="lg" borderWidth="1px" p={{ base: '3', md: '5' }}>
            {tab.content}
          </Box>
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
