import { MISSING_VALUE } from '../../config/app-constants';

type Person = { firstname: string; lastname: string };

/** A person's full name, or the dash of a missing value. */
export function personName(person: Person | null | undefined): string {
  return person ? `${person.firstname} ${person.lastname}`.trim() || MISSING_VALUE : MISSING_VALUE;
}

/** People's full names, comma-separated, or the dash when there are none. */
export function peopleNames(people: Person[] | undefined): string {
  return people?.length ? people.map(personName).join(', ') : MISSING_VALUE;
}
