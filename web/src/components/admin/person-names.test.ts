import { describe, expect, it } from 'vitest';
import { peopleNames, personName } from './person-names';

describe('person names', () => {
  it('shows people by full name; a dash when missing', () => {
    const sam = { _id: 's', firstname: 'Sam', lastname: 'Student' };
    expect(peopleNames([sam, { ...sam, firstname: 'Maya' }])).toBe('Sam Student, Maya Student');
    expect(peopleNames([])).toBe('-');
    expect(personName(null)).toBe('-');
  });
});
