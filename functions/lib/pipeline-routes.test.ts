import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { resources, routes } from '../../shared/routes/catalogue';
import { handlerEntry } from '../registry';
import { servedRouteIds } from './pipeline';

describe('each Lambda serves exactly its resource routes', () => {
  it.each(resources)('%s', async (resource) => {
    await import(pathToFileURL(resolve(import.meta.dirname, '../..', handlerEntry(resource))).href);
    const declared = routes.filter((r) => r.resource === resource).map((r) => r.id);
    expect(servedRouteIds.get(resource)?.toSorted()).toEqual(declared.toSorted());
  });
});
