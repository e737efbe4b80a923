import { BadRequestError, NotFoundError } from '../../shared/http/errors';
import { schedulingRoutes } from '../../shared/routes/scheduling';
import { isSameLessonTime } from '../../shared/scheduling/lesson-changes';
import { DEFAULT_TIME_ZONE } from '../../shared/scheduling/slots';
import { adminOnlyAvailabilityStatuses, takesLessons } from '../../shared/schemas/availability';
import { holdsReader, requireSelfOr } from '../access/records';
import { resourceHandler } from '../lib/pipeline';
import { getAvailability, putAvailability, tutorsTeaching } from '../repositories/availability';
import { getSection } from '../repositories/sections';
import { getUser, getUsers, type UserRecord } from '../repositories/users';
import { slotsByTutor, toSlotDoc, trialSlots, tutorFreeDays } from '../scheduling/slot-finder';

async function requireTutor(tenant: string, userId: string): Promise<UserRecord> {
  const user = await getUser(tenant, userId);
  if (user?.type !== 'tutor') throw new NotFoundError('Tutor not found');
  return user;
}

/** A tutor who never saved availability has none: no hours, so no slots, and not yet offered for trials. */
function emptyAvailability(tutor: UserRecord) {
  return {
    userId: tutor._id,
    timezone: tutor.timezone ?? DEFAULT_TIME_ZONE,
    status: 'notAvailable' as const,
    weeklyHours: [],
    exceptions: [],
    windows: [],
    subjects: [],
    updatedAt: null,
  };
}

export const handler = resourceHandler('user-availability', schedulingRoutes, {
  'availability.get': async ({ tenant, caller, params }) => {
    requireSelfOr(caller, params.userId, 'anyAvailability');
    const tutor = await requireTutor(tenant.key, params.userId);
    return (await getAvailability(tenant.key, tutor._id)) ?? emptyAvailability(tutor);
  },

  'availability.update': async ({ tenant, caller, params, body }) => {
    requireSelfOr(caller, params.userId, 'anyAvailabilityChange');
    const tutor = await requireTutor(tenant.key, params.userId);
    if (!holdsReader(caller, 'anyAvailabilityChange')) {
      // Statuses an admin set (or resigned) are not the tutor's to change, and not theirs to set.
      const current = await getAvailability(tenant.key, tutor._id);
      const held = current && adminOnlyAvailabilityStatuses.includes(current.status);
      if (held && body.status !== current.status)
        throw new BadRequestError(
          'Your availability status was set by an admin. Please contact them to change it',
        );
      if (!held && adminOnlyAvailabilityStatuses.includes(body.status))
        throw new BadRequestError('Only an admin can set this availability status');
    }
    return putAvailability(tenant.key, tutor._id, body);
  },

  'availability.slots': async ({ tenant, caller, params, query }) => {
    const tutor = await requireTutor(tenant.key, params.userId);
    const section = query.sectionId ? await getSection(tenant.key, query.sectionId) : undefined;
    if (query.sectionId && !section) throw new NotFoundError('Lesson not found');
    const duration = query.duration ?? section?.duration;
    const slots = await slotsByTutor(tenant, [tutor._id], {
      date: query.date,
      durationMinutes: duration ?? 60,
      viewerTimeZone: query.deviceTimezone ?? caller.user.timezone,
      eligible: takesLessons,
      ...(query.sectionId ? { ignoreSectionId: query.sectionId } : {}),
    });
    const docs = (slots.get(tutor._id) ?? []).map(toSlotDoc);
    // Times to move a lesson to: its own time is free (the lesson is ignored) but is no move at all.
    const current =
      section?.start && section.end && section.tutorId
        ? { start: section.start, end: section.end, tutorId: section.tutorId }
        : undefined;
    return {
      docs: current
        ? docs.filter((slot) => !isSameLessonTime(current, { ...slot, tutorId: tutor._id }))
        : docs,
    };
  },

  // The same tutor, lengths, zone and eligibility as the one-day read above, for every day of a range.
  'availability.freeDays': async ({ tenant, caller, params, query }) => {
    const tutor = await requireTutor(tenant.key, params.userId);
    const section = query.sectionId ? await getSection(tenant.key, query.sectionId) : undefined;
    if (query.sectionId && !section) throw new NotFoundError('Lesson not found');
    const durationMinutes = query.duration ?? section?.duration ?? 60;
    // Its own time (same tutor, same length) is no move, so not a free time, as in the slot read above.
    const current =
      section?.start && section.end && section.tutorId
        ? { start: section.start, end: section.end, tutorId: section.tutorId }
        : undefined;
    const ownStart = current ? Date.parse(current.start) : Number.NaN;
    const ownTimeIsNoMove =
      current !== undefined &&
      isSameLessonTime(current, {
        start: current.start,
        end: new Date(ownStart + durationMinutes * 60_000).toISOString(),
        tutorId: tutor._id,
      });
    return tutorFreeDays(tenant, tutor._id, {
      from: query.from,
      to: query.to,
      durationMinutes,
      ...(ownTimeIsNoMove ? { unchanged: { tutorId: tutor._id, start: ownStart } } : {}),
      viewerTimeZone: query.deviceTimezone ?? caller.user.timezone,
      eligible: takesLessons,
      ...(query.sectionId ? { ignoreSectionId: query.sectionId } : {}),
    });
  },

  'availability.trialSlots': async ({ tenant, body }) => trialSlots(tenant, body),

  'availability.tutorSlots': async ({ tenant, caller, body }) => {
    let tutorIds = body.tutorIds ?? [];
    if (tutorIds.length === 0) {
      const { curriculum, subject, grade } = body;
      if (!curriculum || !subject || !grade)
        throw new BadRequestError('Choose tutors, or a curriculum, subject and grade');
      tutorIds = await tutorsTeaching(tenant.key, { curriculum, subject, grade });
    }
    const tutors = (await getUsers(tenant.key, tutorIds)).filter((user) => user.type === 'tutor');
    const slots = await slotsByTutor(
      tenant,
      tutors.map((t) => t._id),
      {
        date: body.date,
        durationMinutes: body.duration ?? 60,
        viewerTimeZone: body.deviceTimezone ?? caller.user.timezone,
        eligible: takesLessons,
      },
    );
    return {
      docs: tutors
        .filter((tutor) => slots.has(tutor._id))
        .map((tutor) => ({
          tutorId: tutor._id,
          firstname: tutor.firstname,
          lastname: tutor.lastname,
          slots: (slots.get(tutor._id) ?? []).map(toSlotDoc),
        })),
    };
  },
});
