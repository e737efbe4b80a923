import { describe, expect, it } from 'vitest';
import {
  emailSortKey,
  foldText,
  levelKey,
  nameSearchKeys,
  nameSortKey,
  phoneKey,
  searchKeysOf,
  searchPrefix,
} from './user-list';

describe('the keys the admin Users list sorts and searches by', () => {
  it('folds case, accents and spaces', () => {
    expect(foldText('  Zoë   O’Neil ')).toBe('zoe o’neil');
    expect(foldText('ÅSA Ölund')).toBe('asa olund');
  });

  it('sorts by "first last", case and accents ignored', () => {
    const names = [
      { firstname: 'émile', lastname: 'Zola' },
      { firstname: 'Ada', lastname: 'Lovelace' },
      { firstname: 'Eve', lastname: 'Adams' },
    ];
    expect(names.map(nameSortKey).sort()).toEqual(['ada lovelace', 'emile zola', 'eve adams']);
  });

  it('sorts e-mails by their lower-case form', () => {
    expect(emailSortKey({ email: ' Ada@Example.TEST ' })).toBe('ada@example.test');
  });

  it('keeps only the digits of a phone number', () => {
    expect(phoneKey('+65 9123-4567')).toBe('6591234567');
    expect(phoneKey(undefined)).toBe('');
  });

  it('matches a name by the start of the first name, of the last name, or of both in either order', () => {
    const keys = nameSearchKeys({ firstname: 'Mary Ann', lastname: 'Smith' });
    expect(keys).toEqual(['mary ann smith', 'smith mary ann']);
    for (const typed of ['Mar', 'mary ann s', 'SMI', 'smith mary']) {
      const prefix = searchPrefix('name', typed);
      expect(
        keys.some((key) => prefix !== undefined && key.startsWith(prefix)),
        typed,
      ).toBe(true);
    }
    expect(keys.some((key) => key.startsWith(searchPrefix('name', 'ann') ?? '?'))).toBe(false);
  });

  it('gives one name key when both orders read the same', () => {
    expect(nameSearchKeys({ firstname: 'Cher', lastname: '' })).toEqual(['cher']);
  });

  it('searches by each option with its own key', () => {
    const user = { firstname: 'Ada', lastname: 'Byron', email: 'Ada@X.test', phone: '+44 20 7946 0000' };
    expect(searchKeysOf('email', user)).toEqual(['ada@x.test']);
    expect(searchKeysOf('phone', user)).toEqual(['442079460000']);
    expect(searchKeysOf('phone', { ...user, phone: undefined })).toEqual([]);
  });

  it('turns what was typed into a prefix: nothing to search, a prefix, or no possible match', () => {
    expect(searchPrefix('name', '   ')).toBe('');
    expect(searchPrefix('email', undefined)).toBe('');
    expect(searchPrefix('email', 'ADA@')).toBe('ada@');
    expect(searchPrefix('phone', '+44 (20) 79')).toBe('442079');
    expect(searchPrefix('phone', 'ada')).toBeUndefined();
  });

  it('compares levels with case and spaces ignored', () => {
    expect(levelKey(' Grade  10 ')).toBe('grade 10');
    expect(levelKey(undefined)).toBe('');
  });
});
