import { describe, expect, it } from 'vitest';
import { directorySearchKey, normalizeDirectorySearch, parseUserTypes } from './user-directory';

describe('user directory', () => {
  it('keys a user by lower-case name then e-mail, so any part can be searched', () => {
    // Act
    const key = directorySearchKey({ firstname: 'Tom ', lastname: 'Turing', email: 'Tutor1@Demo.test' });
    // Assess
    expect(key).toBe('tom turing tutor1@demo.test');
    expect(key.includes(normalizeDirectorySearch('  TURING '))).toBe(true);
    expect(key.includes(normalizeDirectorySearch('tom   tur'))).toBe(true);
  });

  it('reads a comma list of user types, ignoring case, blanks and repeats', () => {
    expect(parseUserTypes('tutor, Student,,tutor')).toEqual(['tutor', 'student']);
    expect(parseUserTypes('admin')).toEqual([]);
  });
});
