import type { LessonMeetingProvider } from '../../../shared/schemas/section';
import { config } from '../config';
import type { MeetingProvider } from '../meetings';
import { secretSetting } from '../secrets';
import { fetchTransport, type HttpTransport, MeetingProviderError } from './http';
import { localMeetingProvider } from './local';
import { teamsMeetingProvider, teamsSettingsSchema } from './teams';
import { type ZoomSettings, zoomMeetingProvider, zoomSettingsSchema } from './zoom';

/**
 * A school's Zoom or Teams credentials: an SSM SecureString per tenant and provider,
 * `MEETING_SETTINGS_PARAMETER_PREFIX/<tenant>/zoom` ({"accountId", "clientId", "clientSecret",
 * "hostUserId", "webhookSecretToken"}) and `.../<tenant>/teams` ({"directoryId", "clientId",
 * "clientSecret", "organizerUserId"}), read once per container (functions/lib/secrets.ts, as the Stripe
 * keys). Undefined when the school has not set that provider up.
 */
async function providerSettings(tenant: string, provider: 'zoom' | 'teams'): Promise<unknown> {
  if (seams.settings) return seams.settings(tenant, provider);
  const prefix = config().MEETING_SETTINGS_PARAMETER_PREFIX;
  if (!prefix) return undefined;
  const name = `${prefix}/${tenant}/${provider}`;
  const raw = await secretSetting(undefined, name, `${provider} settings of ${tenant}`).catch(
    (error: unknown) => {
      if (error instanceof Error && error.name === 'ParameterNotFound') return undefined;
      throw error;
    },
  );
  return raw === undefined ? undefined : JSON.parse(raw);
}

export async function zoomSettings(tenant: string): Promise<ZoomSettings | undefined> {
  const raw = await providerSettings(tenant, 'zoom');
  return raw === undefined ? undefined : zoomSettingsSchema.parse(raw);
}

const providerNames: Record<'ZOOM' | 'TEAMS', string> = { ZOOM: 'Zoom', TEAMS: 'Microsoft Teams' };

/**
 * The provider of a lesson's meeting: the local room on the local stack (every kind), else the school's
 * Zoom for ZOOM lessons and Teams for TEAMS lessons. A school that has not set the provider up cannot
 * book such a lesson: a 502 that says so (the lesson is not booked).
 */
export async function meetingProviderFor(
  tenant: string,
  provider: LessonMeetingProvider,
  transport: HttpTransport = seams.transport ?? fetchTransport,
): Promise<MeetingProvider> {
  if (provider === 'LOCAL' || config().MEETINGS_ADAPTER === 'local') return localMeetingProvider;
  const raw = await providerSettings(tenant, provider === 'ZOOM' ? 'zoom' : 'teams');
  if (raw === undefined) {
    throw new MeetingProviderError(`${providerNames[provider]} is not set up for this school`);
  }
  return provider === 'ZOOM'
    ? zoomMeetingProvider(zoomSettingsSchema.parse(raw), transport)
    : teamsMeetingProvider(teamsSettingsSchema.parse(raw), transport);
}

/** Which provider a new lesson of this kind gets its meeting from. */
export function providerOfKind(kind: 'ZOOM' | 'TEAMS'): LessonMeetingProvider {
  return config().MEETINGS_ADAPTER === 'local' ? 'LOCAL' : kind;
}

/**
 * The integration tests' seam: settings instead of SSM's and a fake transport instead of the network, so
 * the real adapters run end to end through the local stack (in the same process) without a provider.
 */
const seams: {
  settings?: (tenant: string, provider: 'zoom' | 'teams') => Promise<unknown>;
  transport?: HttpTransport;
} = {};
export function useMeetingProviderSeams(next: typeof seams): void {
  seams.settings = next.settings;
  seams.transport = next.transport;
}
