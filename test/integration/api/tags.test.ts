import { beforeAll, describe, expect, it } from 'vitest';
import { tagNameKey } from '../../../shared/rules/tags';
import { demo } from '../../support/api-client';
import { localStackForFile } from '../../support/stack';

const local = localStackForFile();
type Json = Record<string, any>;
let admin: { token: string; userId: string };

beforeAll(async () => {
  admin = await local.api.signIn(demo.admin.email, demo.admin.password);
});

const create = (name: string) =>
  local.api.call<Json>('tags.create', { ...admin, body: { name, description: '' } });
const rename = (id: string, name: string) =>
  local.api.call<Json>('tags.update', { ...admin, params: { id }, body: { name } });
const allTags = async () =>
  (await local.api.call<Json>('tags.adminList', { ...admin, query: { limit: 100, offset: 0 } })).body;

describe('tag names stay unique', () => {
  it('refuses names that differ only in case, spacing or punctuation', async () => {
    expect((await create('Dup B')).status).toBe(201);
    const clash = await create('dup_b');
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe('The tag Dup B already exists');
  });

  it('stores one tag of a name when 10 creates and 10 renames to it race', async () => {
    // Prepare: ten tags to rename, and spellings of one name that all clash
    const sources: string[] = [];
    for (let n = 0; n < 10; n++) {
      const { status, body } = await create(`Race source ${n}`);
      expect(status).toBe(201);
      sources.push(body._id as string);
    }
    const spellings = ['Race target', 'race_target', 'RACE-TARGET', 'race target!', 'Race  Target'];
    const spelling = (n: number) => spellings[n % spellings.length]!;
    const before = await allTags();

    // Act
    const answers = await Promise.all([
      ...sources.map((id, n) => rename(id, spelling(n))),
      ...sources.map((_, n) => create(spelling(n + 1))),
    ]);

    // Assess: one write won, every other one is a 409 naming a clash (or a busy retry); the table agrees
    const won = answers.filter((a) => a.status === 200 || a.status === 201);
    expect(won).toHaveLength(1);
    for (const answer of answers) {
      if (answer !== won[0]) expect(answer.status, JSON.stringify(answer.body)).toBe(409);
    }
    const after = await allTags();
    const named = after.docs.filter((tag: Json) => tagNameKey(tag.name) === 'race-target');
    expect(named).toHaveLength(1);
    expect(after.totalDocs).toBe(after.docs.length);
    expect(after.totalDocs).toBe(before.totalDocs + (won[0]!.status === 201 ? 1 : 0));
  });

  it('frees a name when its tag is renamed or deleted', async () => {
    // Prepare
    const first = await create('Free me');
    expect(first.status).toBe(201);

    // Act + Assess: renamed away, the old name is free; deleted, the new one is too
    expect((await rename(first.body._id, 'Freed')).status).toBe(200);
    expect((await create('free_me')).status).toBe(201);
    expect((await create('FREED')).status).toBe(409);
    const removed = await local.api.call('tags.delete', { ...admin, params: { id: first.body._id } });
    expect(removed.status).toBe(200);
    expect((await create('FREED')).status).toBe(201);
  });
});
