import * as z from 'zod/mini';
import { lateChangePolicySchema } from '../money/late-change';
import { storedMoneySettingsSchema } from '../money/settings';
import { brandPalettes } from '../rules/brand-palettes';
import { schedulingSettingsSchema } from '../scheduling/settings';
import './zod-english';

/** A tenant's brand colour: one of the palettes that keep text readable (shared/rules/brand-palettes.ts). */
export const brandPaletteSchema = z.enum(brandPalettes, {
  error: `The colour is one of ${brandPalettes.join(', ')}`,
});

/** The tenant's logo: an image on the web (the header shows it with the tenant's name as its text). */
export const logoUrlSchema = z
  .url({ protocol: /^https?$/, error: 'The logo is an http or https address of an image' })
  .check(z.maxLength(2048));

export const tenantSchema = z.object({
  _id: z.string(),
  key: z.string(),
  name: z.string(),
  domain: z.string(),
  permissions: z.record(z.string(), z.array(z.string())),
  /** Left out: the platform's default colour. */
  primaryColor: z.optional(brandPaletteSchema),
  logoUrl: z.optional(logoUrlSchema),
  /** Each tenant's own policies; anything left out takes the platform default. */
  settings: z.optional(
    z.object({
      scheduling: z.optional(z.partial(schedulingSettingsSchema)),
      /** Its currencies (shared/money/settings.ts); absent: USD only. */
      money: z.optional(storedMoneySettingsSchema),
      /** What a tutor's late change costs (shared/money/late-change.ts); absent: nothing. */
      lateChange: z.optional(lateChangePolicySchema),
      /**
       * Minutes before a lesson's start its reminders go (functions/notifications/reminders.ts); absent:
       * DEFAULT_REMINDER_MINUTES (24 hours and 15 minutes).
       */
      notifications: z.optional(
        z.object({
          reminderMinutes: z
            .array(z.number().check(z.int(), z.gte(5), z.lte(7 * 24 * 60)))
            .check(z.minLength(1), z.maxLength(3)),
        }),
      ),
    }),
  ),
});
export type Tenant = z.infer<typeof tenantSchema>;
