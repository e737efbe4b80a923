import { Alert, Button, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { isValidEmail, normalizeEmail } from '../../../../shared/rules/email';
import type { CallbackRequestInput } from '../../../../shared/schemas/callback-request';
import { callApi } from '../../lib/api-client';
import { toastSuccess } from '../../lib/toaster';
import { FormField } from '../form-field';

interface Contact {
  name: string;
  email: string;
  phone: string;
  note: string;
}

type ContactErrors = Partial<Record<keyof Contact, string>>;

/** The same rules as the server's schema, so the form says what is missing before anything is sent. */
export function contactErrors(contact: Contact): ContactErrors {
  const errors: ContactErrors = {};
  if (!contact.name.trim()) errors.name = 'Name is required';
  const email = normalizeEmail(contact.email);
  if (email && !isValidEmail(email)) errors.email = 'Please enter a valid email address';
  if (!email && !contact.phone.trim()) errors.email = 'Leave an email address or a phone number';
  return errors;
}

/**
 * What the booking dialogs offer when no tutor has a free time for what is asked (no free day up to the
 * booking horizon): the spec's callback request. The person leaves a name, an e-mail address or a phone
 * number and a note; the school sees it in the back-office and calls back.
 */
export function CallbackRequestForm(props: {
  /** What they were booking, stored with the request. */
  about: Pick<CallbackRequestInput, 'curriculum' | 'subject' | 'grade' | 'courseId'>;
  zone: string;
  /** Known details (a signed-in user's), filled in. */
  initial?: Partial<Contact>;
  intro: string;
}) {
  const { about, zone, initial, intro } = props;
  const [contact, setContact] = useState<Contact>({ name: '', email: '', phone: '', note: '', ...initial });
  const [errors, setErrors] = useState<ContactErrors>({});
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState('');
  const set = (field: keyof Contact) => (value: string) => {
    setContact((c) => ({ ...c, [field]: value }));
    // An edited field's message goes; a phone number also answers the "email or phone" one.
    setErrors(({ [field]: _edited, ...rest }) => (field === 'phone' ? { ...rest, email: undefined } : rest));
  };

  const send = async () => {
    const found = contactErrors(contact);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const { message } = await callApi('trials.requestCallback', {
        body: {
          name: contact.name.trim(),
          ...(contact.email.trim() ? { email: contact.email.trim() } : {}),
          ...(contact.phone.trim() ? { phone: contact.phone.trim() } : {}),
          ...(contact.note.trim() ? { note: contact.note.trim() } : {}),
          ...about,
          deviceTimezone: zone,
        },
      });
      toastSuccess(message);
      setSent(message);
    } catch {
      // The client has toasted why (a field the server refused, too many requests).
    } finally {
      setBusy(false);
    }
  };

  if (sent) {
    return (
      <Alert.Root status="success" role="status">
        <Alert.Indicator />
        <Alert.Title>{sent}</Alert.Title>
      </Alert.Root>
    );
  }
  return (
    <Stack gap="3" as="section" aria-label="Request a callback" data-testid="callback-request">
      <Text>{intro}</Text>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <FormField
          label="Your name"
          value={contact.name}
          error={errors.name}
          onValueChange={set('name')}
          autoComplete="name"
          required
        />
        <FormField
          label="Email"
          type="email"
          autoComplete="email"
          value={contact.email}
          error={errors.email}
          onValueChange={set('email')}
        />
        <FormField
          label="Phone"
          type="tel"
          autoComplete="tel"
          value={contact.phone}
          error={errors.phone}
          onValueChange={set('phone')}
        />
      </SimpleGrid>
      <FormField
        label="Note"
        multiline
        value={contact.note}
        placeholder="When suits you, what you would like to learn"
        onValueChange={set('note')}
      />
      <Button alignSelf="flex-start" colorPalette="brand" variant="outline" loading={busy} onClick={send}>
        Request callback
      </Button>
    </Stack>
  );
}
