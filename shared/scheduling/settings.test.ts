import { describe, expect, it } from 'vitest';
import { partial } from 'zod/mini';
import {
  applySchedulingChange,
  defaultSchedulingSettings,
  schedulingSettings,
  schedulingSettingsSchema,
} from './settings';

describe('scheduling settings', () => {
  it('has the platform defaults, each overridable on its own', () => {
    expect(defaultSchedulingSettings).toEqual({
      minimumNoticeMinutes: 120,
      bufferMinutes: 15,
      slotStepMinutes: 30,
      trialDurationMinutes: 60,
      bookingHorizonDays: 90,
      changeNoticeHours: 24,
    });
    expect(schedulingSettings({ changeNoticeHours: 48 })).toEqual({
      ...defaultSchedulingSettings,
      changeNoticeHours: 48,
    });
    expect(schedulingSettings(undefined)).toEqual(defaultSchedulingSettings);
  });

  it('keeps every value within sensible bounds', () => {
    const overrides = partial(schedulingSettingsSchema);
    for (const bad of [
      { minimumNoticeMinutes: -1 },
      { minimumNoticeMinutes: 14 * 24 * 60 + 1 },
      { bufferMinutes: 7 },
      { bufferMinutes: 125 },
      { slotStepMinutes: 0 },
      { slotStepMinutes: 12 },
      { trialDurationMinutes: 20 },
      { trialDurationMinutes: 5 },
      { bookingHorizonDays: 0 },
      { bookingHorizonDays: 400 },
      { changeNoticeHours: -2 },
      { changeNoticeHours: 337 },
      { changeNoticeHours: 1.5 },
    ]) {
      expect(overrides.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(
      overrides.safeParse({
        bufferMinutes: 0,
        slotStepMinutes: 15,
        trialDurationMinutes: 45,
        changeNoticeHours: 0,
      }).success,
    ).toBe(true);
  });

  it('sets, keeps and resets overrides, and refuses a policy that leaves nothing bookable', () => {
    const current = { changeNoticeHours: 48, bufferMinutes: 10 };
    expect(applySchedulingChange(current, { bufferMinutes: null, slotStepMinutes: 15 })).toEqual({
      overrides: { changeNoticeHours: 48, slotStepMinutes: 15 },
    });
    expect(applySchedulingChange(undefined, {})).toEqual({ overrides: {} });
    expect(
      applySchedulingChange({ bookingHorizonDays: 2 }, { minimumNoticeMinutes: 2 * 24 * 60 }).problem,
    ).toBe('The minimum notice must be shorter than the booking horizon, or no time could ever be booked');
    expect(
      applySchedulingChange({ bookingHorizonDays: 3 }, { minimumNoticeMinutes: 2 * 24 * 60 }).problem,
    ).toBe(undefined);
  });
});
