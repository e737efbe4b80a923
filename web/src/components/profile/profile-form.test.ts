import { expect, it } from 'vitest';
import {
  accountBody,
  defaultRoleFor,
  detailsBody,
  emptyAccount,
  emptyDetails,
  rolesFor,
} from './profile-form';

const roles = [
  { _id: 'r-admin', name: 'Admin', type: 'admin' as const, isGuest: false },
  { _id: 'r-student', name: 'Student', type: 'user' as const, isGuest: false },
  { _id: 'r-tutor', name: 'Tutor', type: 'user' as const, isGuest: false },
  { _id: 'r-guest', name: 'Guest', type: 'user' as const, isGuest: true },
];

it('offers an admin the admin roles and anyone else the user roles but a guest’s, starting at the one of the type', () => {
  expect(rolesFor('admin', roles).map((r) => r._id)).toEqual(['r-admin']);
  expect(rolesFor('tutor', roles).map((r) => r._id)).toEqual(['r-student', 'r-tutor']);
  expect(defaultRoleFor('tutor', roles)?._id).toBe('r-tutor');
  expect(defaultRoleFor('parent', roles)?._id).toBe('r-student');
});

it('sends only the details the caller may write, empty ones left out', () => {
  const value = { ...emptyDetails(), examDate: '2027-06-01', dateOfBirth: '2010-01-02', parentName: ' Pat ' };
  expect(detailsBody(value, new Set(['examDate', 'parentDetails']))).toEqual({
    examDate: '2027-06-01',
    parentDetails: { name: 'Pat', email: undefined, phone: undefined },
  });
});

it('sends the e-mail and role only where the screen may change them, and a gender only from the list', () => {
  const value = {
    ...emptyAccount(),
    firstname: ' Sam ',
    lastname: 'Student',
    email: 'a@b.test',
    roleId: 'r',
    gender: 'x',
  };
  expect(accountBody(value, { email: false, role: false })).toMatchObject({
    firstname: 'Sam',
    email: undefined,
    roleId: undefined,
    gender: undefined,
  });
  expect(accountBody({ ...value, gender: 'female' }, { email: true, role: true })).toMatchObject({
    email: 'a@b.test',
    roleId: 'r',
    gender: 'female',
  });
});
