import { NotFoundError } from '../../shared/http/errors';
import { averageRating } from '../../shared/rules/lesson-feedback';
import {
  availabilitySummary,
  directoryOrder,
  filterCombinations,
  hasFilter,
  isListed,
  matchesFilter,
  type SubjectFilter,
} from '../../shared/rules/tutor-directory';
import type { Page } from '../../shared/schemas/paging';
import type {
  PublicTutor,
  TutorGetQuery,
  TutorListQuery,
  TutorSorting,
} from '../../shared/schemas/tutor-directory';
import { curricula } from '../catalogue/lookups';
import { type AvailabilityRecord, getAvailabilities, tutorsTeaching } from '../repositories/availability';
import { readTutorRatings } from '../repositories/lesson-feedback';
import { readProfile, type StoredProfile } from '../repositories/profiles';
import {
  countListedTutors,
  countryListings,
  getTutorSorting,
  saveTutorSorting,
  type TutorListing,
} from '../repositories/tutor-directory';
import { getUser, tutorsByName, type UserRecord, updateDirectoryFields } from '../repositories/users';

/**
 * The most combinations one filter may stand for (a curriculum alone stands for its subjects times its
 * grades): each is one Query of the teaching index, read together.
 */
const MAX_FILTER_COMBINATIONS = 200;

/** Tutors who teach a combination the filter matches: one teaching-index Query per combination. */
async function teachersMatching(tenant: string, filter: SubjectFilter): Promise<Set<string>> {
  const combinations = filterCombinations(await curricula(tenant), filter).slice(0, MAX_FILTER_COMBINATIONS);
  const found = await Promise.all(combinations.map((combination) => tutorsTeaching(tenant, combination)));
  return new Set(found.flat());
}

/** The public shape of tutors as listed: only public fields, built field by field (never a spread record). */
async function publicTutors(
  tenant: string,
  listed: ReadonlyArray<Pick<TutorListing, 'userId' | 'firstname' | 'lastname' | 'country'>>,
  subjectFilter: SubjectFilter,
  options: { fullProfile?: boolean } = {},
): Promise<PublicTutor[]> {
  const ids = listed.map((tutor) => tutor.userId);
  if (ids.length === 0) return [];
  // A page's profiles: one Query of each tutor's partition (a page is at most MAX_PAGE_SIZE tutors).
  const [availabilities, ratings, profiles] = await Promise.all([
    getAvailabilities(tenant, ids),
    readTutorRatings(tenant, ids),
    Promise.all(ids.map((id) => readProfile(tenant, id))),
  ]);
  const profileOf = new Map(
    profiles.flatMap(
      (profile): Array<[string, StoredProfile]> => (profile ? [[profile.user._id, profile]] : []),
    ),
  );
  const availabilityOf = new Map<string, AvailabilityRecord>(availabilities.map((a) => [a.userId, a]));
  return listed.map((tutor) => {
    const availability = availabilityOf.get(tutor.userId);
    const rating = ratings.get(tutor.userId) ?? { sum: 0, count: 0 };
    return {
      _id: tutor.userId,
      firstname: tutor.firstname,
      lastname: tutor.lastname,
      country: tutor.country,
      subjects: (availability?.subjects ?? [])
        .filter((taught) => matchesFilter(taught, subjectFilter))
        .map(({ curriculum, subject, grade }) => ({ curriculum, subject, grade })),
      availability: availability ? availabilitySummary(availability) : null,
      rating: { average: averageRating(rating.sum, rating.count), count: rating.count },
      ...publicProfile(profileOf.get(tutor.userId), options.fullProfile === true),
    };
  });
}

/** What of a tutor's profile the public sees, field by field: never contact details or admin notes. */
function publicProfile(profile: StoredProfile | undefined, full: boolean) {
  const details = profile?.details.tutorDetails;
  const entries = profile?.entries ?? [];
  const summary = {
    headline: details?.headline ?? null,
    strengths: [...(details?.strengths ?? [])],
    languages: entries.flatMap((entry) =>
      entry.kind === 'languages' ? [{ language: entry.language, proficiency: entry.proficiency }] : [],
    ),
  };
  if (!full) return summary;
  return {
    ...summary,
    bio: details?.bio ?? null,
    qualifications: entries.flatMap((entry) =>
      entry.kind === 'qualifications'
        ? [
            {
              title: entry.title,
              institution: entry.institution,
              ...(entry.year === undefined ? {} : { year: entry.year }),
            },
          ]
        : [],
    ),
    experiences: entries.flatMap((entry) =>
      entry.kind === 'experiences'
        ? [
            {
              title: entry.title,
              organisation: entry.organisation,
              startMonth: entry.startMonth,
              ...(entry.endMonth === undefined ? {} : { endMonth: entry.endMonth }),
            },
          ]
        : [],
    ),
  };
}

/**
 * A country's directory page: its listed tutors (one Query of the country's entries), those a filter keeps
 * (the teaching index), in the admin's order then by name. Without a filter the total is the country's
 * maintained count; with one, the number of tutors kept.
 */
export async function listTutors(tenant: string, query: TutorListQuery): Promise<Page<PublicTutor>> {
  const filter: SubjectFilter = { curriculum: query.curriculum, subject: query.subject, grade: query.grade };
  const filtered = hasFilter(filter);
  const [listings, sorting, count, teachers] = await Promise.all([
    countryListings(tenant, query.country),
    getTutorSorting(tenant),
    filtered ? Promise.resolve(0) : countListedTutors(tenant, query.country),
    filtered ? teachersMatching(tenant, filter) : Promise.resolve(undefined),
  ]);
  const kept = teachers ? listings.filter((listing) => teachers.has(listing.userId)) : listings;
  const ordered = directoryOrder(kept, sorting.tutorIds);
  const page = ordered.slice(query.offset, query.offset + query.limit);
  // The card shows what the tutor teaches in the chosen curriculum and grade, every subject of them.
  const shown = { curriculum: query.curriculum, grade: query.grade };
  return {
    limit: query.limit,
    offset: query.offset,
    totalDocs: filtered ? ordered.length : count,
    docs: await publicTutors(tenant, page, shown),
  };
}

const tutorNotFound = () => new NotFoundError('Tutor not found');

/**
 * One tutor's public profile. A tutor the directory does not list (hidden, without a country, not a
 * tutor) is not found, as is one asked for under another country's directory.
 */
export async function getPublicTutor(tenant: string, id: string, query: TutorGetQuery): Promise<PublicTutor> {
  const user = await getUser(tenant, id);
  if (!isListed(user) || (query.country && query.country !== user.country)) throw tutorNotFound();
  const [tutor] = await publicTutors(
    tenant,
    [{ userId: user._id, firstname: user.firstname, lastname: user.lastname, country: user.country }],
    { curriculum: query.curriculum, grade: query.grade },
    { fullProfile: true },
  );
  if (!tutor) throw tutorNotFound();
  return tutor;
}

async function requireTutor(tenant: string, id: string): Promise<UserRecord> {
  const user = await getUser(tenant, id);
  if (user?.type !== 'tutor') throw tutorNotFound();
  return user;
}

/** Hides a tutor from the directory or lists them again (a no-op when already so). */
export async function setTutorHidden(tenant: string, id: string, hidden: boolean) {
  const user = await requireTutor(tenant, id);
  if ((user.directoryHidden === true) !== hidden) {
    await updateDirectoryFields(tenant, user, { directoryHidden: hidden });
  }
  return { _id: id, hidden };
}

/** The admin's order and every tutor to place (the sorted ones first, in that order, then by name). */
export async function tutorSorting(tenant: string): Promise<TutorSorting> {
  const [sorting, tutors] = await Promise.all([getTutorSorting(tenant), tutorsByName(tenant)]);
  const ordered = directoryOrder(
    tutors.map((tutor) => ({ ...tutor, userId: tutor._id })),
    sorting.tutorIds,
  );
  return {
    tutorIds: sorting.tutorIds,
    updatedAt: sorting.updatedAt,
    tutors: ordered.map((tutor) => ({
      _id: tutor._id,
      firstname: tutor.firstname,
      lastname: tutor.lastname,
      country: tutor.country ?? null,
      hidden: tutor.directoryHidden === true,
    })),
  };
}

/**
 * Saves the directory's order as given. Ids of tutors who are not (or no longer) tutors of the school are
 * dropped on read, not refused here: a list saved while a tutor is being removed still saves.
 */
export async function updateTutorSorting(tenant: string, tutorIds: string[]) {
  const saved = await saveTutorSorting(tenant, tutorIds);
  return { ...saved, message: 'Tutor sorting updated successfully!' };
}
