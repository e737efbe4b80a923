import { Box, Button, Heading, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { LuTrash2 } from 'react-icons/lu';
import { lateChangePolicySchema, MAX_LATE_CHANGE_TIERS } from '../../../../../shared/money/late-change';
import { callApi, useApi } from '../../../lib/api-client';
import { fieldErrors } from '../../../lib/form-errors';
import { usePageMeta } from '../../../lib/meta-tags';
import { canCall } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { toastSuccess } from '../../../lib/toaster';

interface TierInput {
  /** The row's own key (rows are added and removed). */
  key: number;
  withinHours: string;
  percent: string;
}

/**
 * The late-change policy (shared/money/late-change.ts): what a tutor's cancel or reschedule costs them when
 * asked less than some hours before the lesson, as a percent of the lesson's tutor amount. The tightest
 * tier a change falls in applies; requests already made keep their penalty.
 */
export default function LateChangePage() {
  usePageMeta('Late-change policy');
  const session = useSession();
  const canEdit = canCall(session?.user, 'tenants.updateLateChangePolicy');
  const { data, mutate } = useApi(['tenants.lateChangePolicy']);
  const [tiers, setTiers] = useState<TierInput[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!data) return;
    setTiers(
      data.policy.tiers.map((tier, index) => ({
        key: index,
        withinHours: String(tier.withinHours),
        percent: String(tier.percent),
      })),
    );
  }, [data]);

  const change = (index: number, patch: Partial<Omit<TierInput, 'key'>>) =>
    setTiers(tiers.map((tier, i) => (i === index ? { ...tier, ...patch } : tier)));

  async function save() {
    const parsed = lateChangePolicySchema.safeParse({
      tiers: tiers.map((tier) => ({
        withinHours: tier.withinHours.trim() === '' ? Number.NaN : Number(tier.withinHours),
        percent: tier.percent.trim() === '' ? Number.NaN : Number(tier.percent),
      })),
    });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await mutate(await callApi('tenants.updateLateChangePolicy', { body: parsed.data }), {
        revalidate: false,
      });
      toastSuccess('Late-change policy updated!');
    } finally {
      setSaving(false);
    }
  }

  const firstError = Object.entries(errors)[0]?.[1];
  return (
    <Stack gap="5" maxW="2xl">
      <Box>
        <Heading as="h1" size="lg">
          Late-change policy
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          A tutor who cancels or reschedules a lesson less than the given hours before it starts is charged a
          percent of the lesson's tutor amount. The tightest tier applies; no tier, no penalty. Students' and
          admins' changes cost nothing. The tutor sees the penalty and may appeal it.
        </Text>
      </Box>
      <Stack gap="3" role="group" aria-label="Tiers">
        {tiers.length === 0 && <Text color="fg.muted">No tiers: late changes cost nothing.</Text>}
        {tiers.map((tier, index) => (
          <HStack key={tier.key} gap="2" wrap="wrap" aria-label={`Tier ${index + 1}`} role="group">
            <Text fontSize="sm">Less than</Text>
            <Input
              aria-label={`Tier ${index + 1} hours`}
              inputMode="numeric"
              w="20"
              size="sm"
              disabled={!canEdit}
              value={tier.withinHours}
              onChange={(e) => change(index, { withinHours: e.target.value })}
            />
            <Text fontSize="sm">hours before: </Text>
            <Input
              aria-label={`Tier ${index + 1} percent`}
              inputMode="numeric"
              w="20"
              size="sm"
              disabled={!canEdit}
              value={tier.percent}
              onChange={(e) => change(index, { percent: e.target.value })}
            />
            <Text fontSize="sm">% of the tutor amount</Text>
            {canEdit && (
              <IconButton
                aria-label={`Remove tier ${index + 1}`}
                size="xs"
                variant="ghost"
                onClick={() => setTiers(tiers.filter((_, i) => i !== index))}
              >
                <LuTrash2 />
              </IconButton>
            )}
          </HStack>
        ))}
        {firstError && (
          <Text color="fg.error" fontSize="sm" role="alert">
            {firstError}
          </Text>
        )}
      </Stack>
      {canEdit && (
        <HStack gap="3">
          <Button
            variant="outline"
            size="sm"
            disabled={tiers.length >= MAX_LATE_CHANGE_TIERS}
            onClick={() =>
              setTiers([
                ...tiers,
                { key: Math.max(0, ...tiers.map((t) => t.key)) + 1, withinHours: '', percent: '' },
              ])
            }
          >
            Add tier
          </Button>
          <Button size="sm" loading={saving} onClick={save}>
            Save
          </Button>
        </HStack>
      )}
    </Stack>
  );
}
