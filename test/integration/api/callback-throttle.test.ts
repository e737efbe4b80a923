import { describe, expect, it } from 'vitest';
import { MAX_CALLBACKS } from '../../../functions/trials/callback-requests';
import { demo, northwind } from '../../support/api-client';
import { localStackForFile } from '../../support/stack';

// Its own table: every request of this file comes from one address (the test's), so no other file's
// callback requests count against it. Each tenant keeps its own counters.
const local = localStackForFile();
type Json = Record<string, any>;
const THROTTLED = /^Too many callback requests\. Please try again in (60|59) minutes\.$/;
const PARALLEL = 20;

const requestCallback = (tenant: string, body: Json) =>
  local.api.call<Json>('trials.requestCallback', { tenant, body });

/** The stored callback requests of a tenant, as the school's list shows them. */
async function storedRequests(tenant: string, admin: { email: string; password: string }) {
  const session = await local.api.signIn(admin.email, admin.password, tenant);
  const { status, body } = await local.api.call<Json>('trials.callbackRequests', {
    ...session,
    tenant,
    query: { limit: 100 },
  });
  expect(status).toBe(200);
  return body.docs as Array<{ name: string; email?: string }>;
}

describe('callback throttle under concurrency', () => {
  it('accepts exactly the per-contact limit of 20 parallel requests from one visitor and e-mail', async () => {
    // Act
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, n) =>
        requestCallback('demo', { name: `Eager ${n}`, email: 'eager.parent@example.com' }),
      ),
    );

    // Assess: the limit, no fewer and no more, and the rest refused with the 429's message
    const accepted = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status === 429);
    expect(accepted).toHaveLength(MAX_CALLBACKS.callbackContact);
    expect(refused).toHaveLength(PARALLEL - MAX_CALLBACKS.callbackContact);
    for (const { body } of refused) expect(body.message).toMatch(THROTTLED);
    const stored = await storedRequests('demo', demo.admin);
    expect(stored.filter((r) => r.email === 'eager.parent@example.com')).toHaveLength(
      MAX_CALLBACKS.callbackContact,
    );

    // The refused requests took none of the address's allowance: the same address still has the rest of it
    // for other people (a school's families may share one).
    const neighbours = await Promise.all(
      Array.from({ length: PARALLEL }, (_, n) =>
        requestCallback('demo', { name: `Neighbour ${n}`, email: `neighbour${n}@example.com` }),
      ),
    );
    expect(neighbours.filter((a) => a.status === 201)).toHaveLength(
      MAX_CALLBACKS.callbackAddress - MAX_CALLBACKS.callbackContact,
    );
    for (const { status, body } of neighbours.filter((a) => a.status !== 201)) {
      expect(status).toBe(429);
      expect(body.message).toMatch(THROTTLED);
    }
  });

  it('accepts exactly the per-address limit of 20 parallel requests from one address for different people', async () => {
    // Act
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, n) =>
        requestCallback('northwind', {
          name: `Family ${n}`,
          phone: `+44 20 7946 10${String(n).padStart(2, '0')}`,
        }),
      ),
    );

    // Assess
    const accepted = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status === 429);
    expect(accepted).toHaveLength(MAX_CALLBACKS.callbackAddress);
    expect(refused).toHaveLength(PARALLEL - MAX_CALLBACKS.callbackAddress);
    for (const { body } of refused) expect(body.message).toMatch(THROTTLED);
    expect(await storedRequests('northwind', northwind.admin)).toHaveLength(MAX_CALLBACKS.callbackAddress);
  });
});
