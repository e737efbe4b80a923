import { Box, Button, Checkbox, Heading, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import {
  type CurrencyCode,
  currencyCodes,
  isCurrencyCode,
  minorDigits,
} from '../../../../../shared/money/currencies';
import { moneySettingsSchema } from '../../../../../shared/money/settings';
import { SelectField } from '../../../components/select-field';
import { callApi, useApi } from '../../../lib/api-client';
import { fieldErrors } from '../../../lib/form-errors';
import { usePageMeta } from '../../../lib/meta-tags';
import { canCall } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { toastSuccess } from '../../../lib/toaster';
import { useTenant } from '../../../lib/use-tenant';

/**
 * The school's currencies: the one its prices start in, and every one it takes (a price in another is
 * refused). Prices already set keep their currency.
 */
export default function CurrencySettingsPage() {
  usePageMeta('Currencies');
  const session = useSession();
  const { data, mutate } = useApi(['tenants.moneySettings']);
  const tenant = useTenant();
  const [defaultCurrency, setDefault] = useState<CurrencyCode>('USD');
  const [accepted, setAccepted] = useState<CurrencyCode[]>(['USD']);
  const [search, setSearch] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const canEdit = canCall(session?.user, 'tenants.updateMoneySettings');
  useEffect(() => {
    if (!data) return;
    setDefault(data.settings.defaultCurrency);
    setAccepted(data.settings.currencies);
  }, [data]);
  const shown = currencyCodes.filter((code) => code.includes(search.trim().toUpperCase()));

  async function save() {
    const parsed = moneySettingsSchema.safeParse({ defaultCurrency, currencies: accepted });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await mutate(await callApi('tenants.updateMoneySettings', { body: parsed.data }), {
        revalidate: false,
      });
      await tenant.mutate();
      toastSuccess('Currencies updated!');
    } finally {
      setSaving(false);
    }
  }

  return (
    <Stack gap="5" maxW="3xl">
      <Box>
        <Heading size="lg">Currencies</Heading>
        <Text color="fg.muted" fontSize="sm">
          Prices start in the default currency; a price in a currency the school does not take is refused.
          Prices already set keep theirs.
        </Text>
      </Box>
      <SelectField
        label="Default currency"
        value={defaultCurrency}
        width="48"
        disabled={!canEdit}
        error={errors.defaultCurrency}
        onChange={(code) => {
          if (!isCurrencyCode(code)) return;
          setDefault(code);
          if (!accepted.includes(code)) setAccepted([code, ...accepted]);
        }}
      >
        {accepted.map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </SelectField>
      <Stack gap="2">
        <Text fontWeight="medium">Currencies the school takes ({accepted.length})</Text>
        <Input
          size="sm"
          maxW="48"
          placeholder="Find a code"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        {errors.currencies && (
          <Text color="fg.error" fontSize="sm">
            {errors.currencies}
          </Text>
        )}
        <SimpleGrid columns={{ base: 3, sm: 5, md: 8 }} gap="2" aria-label="Currencies">
          {shown.map((code) => (
            <Checkbox.Root
              key={code}
              size="sm"
              disabled={!canEdit || code === defaultCurrency}
              checked={accepted.includes(code)}
              onCheckedChange={(e) =>
                setAccepted(e.checked ? [...accepted, code] : accepted.filter((c) => c !== code))
              }
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label title={`${minorDigits(code)} decimals`}>{code}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </SimpleGrid>
      </Stack>
      {canEdit && (
        <Box>
          <Button loading={saving} onClick={save}>
            Save currencies
          </Button>
        </Box>
      )}
    </Stack>
  );
}
