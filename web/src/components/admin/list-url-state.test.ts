import { describe, expect, it } from 'vitest';
import { type ListSpec, patchListState, readListState, writeListState } from './list-url-state';

const spec: ListSpec = {
  sortKeys: ['name', 'updatedAt'],
  filters: [
    { key: 'status', options: [{ value: 'OPEN' }, { value: 'RESOLVED' }], initial: 'OPEN' },
    { key: 'kind', options: [{ value: 'ISSUE' }, { value: 'BROKEN_RESOURCE' }] },
    { key: 'startDate', kind: 'date' },
    { key: 'tutorId', render: () => null },
    { key: 'curriculum', options: [] },
    { key: 'order', options: [{ value: 'new' }, { value: 'old' }], allLabel: null, initial: 'new' },
  ],
};
const defaults = {
  page: 1,
  searchText: '',
  sort: undefined,
  filters: { status: 'OPEN', kind: '', startDate: '', tutorId: '', curriculum: '', order: 'new' },
};
const read = (query: string, on: ListSpec = spec) => readListState(new URLSearchParams(query), on);

describe('readListState', () => {
  it('reads an empty address as the defaults', () => {
    expect(read('')).toEqual(defaults);
  });

  it('reads every part of the state from the address', () => {
    expect(
      read('page=3&q=%20algebra%20&sort=-updatedAt&status=&kind=ISSUE&startDate=2026-02-28&tutorId=u-1'),
    ).toEqual({
      page: 3,
      searchText: 'algebra',
      sort: { key: 'updatedAt', value: 'desc' },
      filters: { ...defaults.filters, status: '', kind: 'ISSUE', startDate: '2026-02-28', tutorId: 'u-1' },
    });
    expect(read('sort=name').sort).toEqual({ key: 'name', value: 'asc' });
  });

  it.each([
    ['page zero', 'page=0'],
    ['a negative page', 'page=-2'],
    ['a fractional page', 'page=2.5'],
    ['a page in words', 'page=two'],
    ['a page past any list', 'page=99999999999'],
    ['a column that cannot be sorted', 'sort=password'],
    ['an empty sort', 'sort=-'],
  ])('reads %s as the default', (_, query) => {
    expect(read(query)).toEqual(defaults);
  });

  it.each([
    ['a value not among the choices', 'kind=SPAM'],
    ['a malformed date', 'startDate=2026-13-45'],
    ['a date that is not a day', 'startDate=2026-02-30'],
    ['a date with a time', 'startDate=2026-02-01T10:00'],
    ['"all" on a filter without it', 'order='],
    ['a value with control characters', 'tutorId=a%00b'],
    ['an overlong value', `tutorId=${'x'.repeat(201)}`],
  ])('reads %s as the filter default', (_, query) => {
    expect(read(query).filters).toEqual(defaults.filters);
  });

  it('keeps any value of a filter whose choices are still loading, or that has a control of its own', () => {
    expect(read('curriculum=Cambridge%20IGCSE&tutorId=any-id').filters).toMatchObject({
      curriculum: 'Cambridge IGCSE',
      tutorId: 'any-id',
    });
  });

  it('reads an overlong search as no search, and never throws on odd input', () => {
    expect(read(`q=${'a'.repeat(201)}`).searchText).toBe('');
    expect(() => read('page=%E0%A4%A&q=%&sort=%zz&&=&status')).not.toThrow();
  });

  it('reads only its own parameters when the list has a prefix', () => {
    const tutors = { ...spec, prefix: 'tutors.' };
    expect(read('page=4&tutors.page=2&tutors.kind=ISSUE', tutors)).toMatchObject({
      page: 2,
      filters: { kind: 'ISSUE' },
    });
  });
});

describe('writeListState', () => {
  it('writes nothing for the defaults and keeps the page’s own parameters', () => {
    const params = writeListState(new URLSearchParams('tab=students'), defaults, spec);
    expect(params.toString()).toBe('tab=students');
  });

  it('writes what differs from the defaults, "all" of a filter with a default as an empty value', () => {
    const params = writeListState(
      new URLSearchParams(),
      {
        page: 2,
        searchText: 'maths',
        sort: { key: 'name', value: 'desc' },
        filters: { ...defaults.filters, status: '', kind: 'ISSUE' },
      },
      spec,
    );
    expect(params.toString()).toBe('page=2&q=maths&sort=-name&status=&kind=ISSUE');
  });

  it('reads back what it wrote', () => {
    const state = {
      page: 7,
      searchText: 'a & b = c?',
      sort: { key: 'updatedAt', value: 'asc' as const },
      filters: { ...defaults.filters, startDate: '2026-11-26', tutorId: 'x/y', order: 'old' },
    };
    expect(readListState(writeListState(new URLSearchParams(), state, spec), spec)).toEqual(state);
  });
});

describe('patchListState', () => {
  it('changes one part and keeps the rest, dropping what returns to its default', () => {
    const start = new URLSearchParams('tab=tutors&page=3&q=al&kind=ISSUE');
    const next = patchListState(start, { filters: { status: 'RESOLVED' }, page: 1 }, spec);
    expect(next.toString()).toBe('tab=tutors&q=al&kind=ISSUE&status=RESOLVED');
    // Invalid parts of the address are cleaned up by the first change
    expect(patchListState(new URLSearchParams('page=x&kind=SPAM'), { page: 2 }, spec).toString()).toBe(
      'page=2',
    );
  });
});
