import * as z from 'zod/mini';
import '../../shared/schemas/zod-english';
import { isListed, type Listable, listingNameKey } from '../../shared/rules/tutor-directory';
import { keys } from '../table/access-patterns';
import { countWrite, readCount } from '../table/counters';
import { defineEntity } from '../table/entity';
import { queryProjected } from '../table/projection';
import type { TransactItem } from '../table/transactions';

/**
 * The public tutor directory: one entry per listed tutor in their country's partition, in name order, and
 * the country's count of them, both moved in the transaction of the user's write (tutorDirectoryWrites), so
 * the list and its total never disagree. A hidden tutor, or one without a country, has no entry.
 */
const listingSchema = z.object({
  userId: z.string(),
  country: z.string(),
  firstname: z.string(),
  lastname: z.string(),
});
export type TutorListing = z.infer<typeof listingSchema>;

const listings = defineEntity({
  name: 'tutorListing',
  schema: listingSchema,
  keyAttributes: ['country', 'userId', 'firstname', 'lastname'],
  key: (tenant, listing) =>
    keys.tutorListing(tenant, listing.country, listingNameKey(listing), listing.userId),
});

const countName = (country: string) => `TUTORDIR#${country}`;

function listingOf(user: Listable & { country: string }): TutorListing {
  return { userId: user._id, country: user.country, firstname: user.firstname, lastname: user.lastname };
}

/**
 * The directory's writes for a user going from `before` to `after` (undefined: not there), for the
 * transaction that writes the user: the entry moves (out of one country's partition, into another, or to its
 * new name's place) and the countries' counts with it. The entry's own conditions make a transaction built
 * on a stale `before` fail rather than count twice, so the caller's write must be conditional on the user
 * it read (as `unchangedSince`). createUser's path (newUserWrites) and every change of a user's type,
 * names, country or hidden mark call it.
 */
export function tutorDirectoryWrites(
  tenant: string,
  before: Listable | undefined,
  after: Listable | undefined,
): TransactItem[] {
  const was = isListed(before) ? listingOf(before) : undefined;
  const now = isListed(after) ? listingOf(after) : undefined;
  if (was && now) {
    const sameKey = JSON.stringify(listings.key(tenant, was)) === JSON.stringify(listings.key(tenant, now));
    if (sameKey) {
      const renamed = was.firstname !== now.firstname || was.lastname !== now.lastname;
      return renamed ? [listings.putWrite(tenant, now, 'present')] : [];
    }
  }
  // One write per counter (a transaction may not touch an item twice): a rename within a country moves
  // the entry and leaves the count.
  const deltas = new Map<string, number>();
  if (was) deltas.set(was.country, (deltas.get(was.country) ?? 0) - 1);
  if (now) deltas.set(now.country, (deltas.get(now.country) ?? 0) + 1);
  return [
    ...(was ? [listings.deleteWrite(tenant, was, 'present')] : []),
    ...(now ? [listings.putWrite(tenant, now, 'absent')] : []),
    ...[...deltas.entries()]
      .filter(([, delta]) => delta !== 0)
      .map(([country, delta]) => countWrite(tenant, countName(country), delta)),
  ];
}

/**
 * The most entries of one country a directory read takes: far more tutors than a school lists in one
 * country, and a bound on what one page costs. The total (the counter) stays exact beyond it.
 */
export const DIRECTORY_READ_LIMIT = 5000;

/** A country's listed tutors in name order (one Query of their partition, up to the read bound). */
export function countryListings(tenant: string, country: string): Promise<TutorListing[]> {
  return queryProjected(listingSchema, {
    partition: keys.tutorListings(tenant, country),
    limit: DIRECTORY_READ_LIMIT,
  });
}

/** How many tutors a country's directory lists (the maintained counter). */
export function countListedTutors(tenant: string, country: string): Promise<number> {
  return readCount(tenant, countName(country));
}

/**
 * The admin's order of the directory: one item, written whole by each save, so of two concurrent saves the
 * last one stands entire and never a mix of both.
 */
const sortings = defineEntity({
  name: 'tutorSorting',
  schema: z.object({ tutorIds: z.array(z.string()), updatedAt: z.string() }),
  keyAttributes: [],
  key: (tenant) => keys.tutorSorting(tenant),
});

export async function getTutorSorting(
  tenant: string,
): Promise<{ tutorIds: string[]; updatedAt: string | null }> {
  return (await sortings.get(tenant, {})) ?? { tutorIds: [], updatedAt: null };
}

export async function saveTutorSorting(
  tenant: string,
  tutorIds: string[],
): Promise<{ tutorIds: string[]; updatedAt: string }> {
  const record = { tutorIds, updatedAt: new Date().toISOString() };
  await sortings.put(tenant, record);
  return record;
}
