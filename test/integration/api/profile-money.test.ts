import { describe, expect, it } from 'vitest';
import { stripeFor } from '../../../functions/payments/stripe-client';
import { listAudit } from '../../../functions/repositories/audit-log';
import { systemRoleIds } from '../../../shared/permissions/default-roles';
import { apiClient, northwind } from '../../support/api-client';
import { recordPayment, recordSubscription, usd } from '../../support/payments';
import { peopleFixtures, unique } from '../../support/people';
import { localStackForFile } from '../../support/stack';

/**
 * The money tabs of a profile (issue #18 item 7): plans, payment history, billing e-mail, tutor rates and
 * bank details, each shown and written only with its profile permission and to the people it belongs to,
 * the server refusing what the screen hides; bank details never leave the profile.
 */
const local = localStackForFile();
type Json = Record<string, any>;
const people = peopleFixtures(local);
const { account, role } = people;

const bank = {
  accountHolderName: 'Ada Tan',
  bankName: 'DBS Bank',
  accountNumber: '0123 4567 89',
  routingCode: 'DBSSSGSG',
  country: 'SG',
};

describe('billing e-mail', () => {
  it('is kept on the student, validated like every e-mail, cleared when empty, and used by the checkout', async () => {
    const student = await account('student', systemRoleIds.Student);
    const bad = await local.api.call<Json>('profile.update', {
      token: student.token,
      body: { billingEmail: 'not-an-email' },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Please enter a valid email address');

    const saved = await local.api.call<Json>('profile.update', {
      token: student.token,
      body: { billingEmail: ' Accounts@Family.Test ' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.billingEmail).toBe('accounts@family.test');

    const session = await local.api.call<Json>('payments.flexibleSession', {
      token: student.token,
      body: { planId: 'plan-flex-10h' },
    });
    expect(session.status, JSON.stringify(session.body)).toBeLessThan(300);
    const made = await (await stripeFor('demo')).checkout.sessions.retrieve(session.body.stripeSession.id);
    expect(made.customer_email).toBe('accounts@family.test');

    const cleared = await local.api.call<Json>('profile.update', {
      token: student.token,
      body: { billingEmail: '' },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.billingEmail).toBeUndefined();
  });

  it("is refused without its permission, and to a tutor (it is not a tutor's)", async () => {
    const without = await account('student', await role('user', { profile: ['view', 'edit'] }));
    const refused = await local.api.call<Json>('profile.update', {
      token: without.token,
      body: { billingEmail: 'a@b.test' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('You do not have permission to change: billingEmail');
    const tutor = await account('tutor', await role('user', { profile: ['view', 'edit', 'billingEmail'] }));
    const tutorRefused = await local.api.call<Json>('profile.update', {
      token: tutor.token,
      body: { billingEmail: 'a@b.test' },
    });
    expect(tutorRefused.status).toBe(403);
  });

  it('is written by an admin with adminUsers edit and the permission', async () => {
    const student = await account('student', systemRoleIds.Student);
    const written = await local.api.call<Json>('adminUsers.update', {
      token: people.admin().token,
      params: { id: student.userId },
      body: { billingEmail: 'billing@family.test' },
    });
    expect(written.status, JSON.stringify(written.body)).toBe(200);
    expect(written.body.billingEmail).toBe('billing@family.test');
    expect(written.body.access.writable).toContain('billingEmail');
  });
});

describe('bank details', () => {
  it('are saved by the tutor, shown to them whole, and audited', async () => {
    const tutor = await account('tutor', systemRoleIds.Tutor);
    const saved = await local.api.call<Json>('profile.bankDetails.update', {
      token: tutor.token,
      body: bank,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.bankDetails).toMatchObject({
      accountHolderName: 'Ada Tan',
      bankName: 'DBS Bank',
      accountNumber: '0123456789',
      accountNumberMasked: false,
      routingCode: 'DBSSSGSG',
      country: 'SG',
    });
    const again = await local.api.call<Json>('profile.get', { token: tutor.token });
    expect(again.body.bankDetails.accountNumber).toBe('0123456789');
    const audit = await listAudit('demo', 200);
    expect(audit).toContainEqual(
      expect.objectContaining({
        action: 'bankDetailsChanged',
        actorId: tutor.userId,
        subjectId: tutor.userId,
      }),
    );
  });

  it('answer bad input with clear messages', async () => {
    const tutor = await account('tutor', systemRoleIds.Tutor);
    const bad = await local.api.call<Json>('profile.bankDetails.update', {
      token: tutor.token,
      body: { ...bank, accountNumber: '12', routingCode: '', country: 'Atlantis' },
    });
    expect(bad.status).toBe(400);
    const text = JSON.stringify(bad.body);
    expect(text).toContain('Account number must be 4 to 34 letters or digits');
    expect(text).toContain('Routing, sort or SWIFT code is required');
    expect(text).toContain('Choose a country from the list');
    const missing = await local.api.call<Json>('profile.bankDetails.update', {
      token: tutor.token,
      body: { ...bank, accountHolderName: '' },
    });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain('Account holder name is required');
  });

  it('are refused to a student and to a tutor without the permission', async () => {
    const student = await account('student', systemRoleIds.Student);
    const refused = await local.api.call<Json>('profile.bankDetails.update', {
      token: student.token,
      body: bank,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('You do not have permission to change: bankDetails');
    const tutor = await account('tutor', await role('user', { profile: ['view', 'edit', 'tutorRates'] }));
    const tutorRefused = await local.api.call<Json>('profile.bankDetails.update', {
      token: tutor.token,
      body: bank,
    });
    expect(tutorRefused.status).toBe(403);
  });

  it('show an admin who may change them the whole number, an admin who only views its last four, and nobody else anything', async () => {
    const tutor = await account('tutor', systemRoleIds.Tutor);
    await local.api.call('profile.bankDetails.update', { token: tutor.token, body: bank });
    const params = { id: tutor.userId };

    const full = await local.api.call<Json>('adminUsers.get', { token: people.admin().token, params });
    expect(full.body.bankDetails).toMatchObject({ accountNumber: '0123456789', accountNumberMasked: false });

    const viewer = await account(
      'admin',
      await role('admin', { adminUsers: ['view'], profile: ['bankDetails'] }),
    );
    const masked = await local.api.call<Json>('adminUsers.get', { token: viewer.token, params });
    expect(masked.body.bankDetails).toMatchObject({ accountNumber: '•••• 6789', accountNumberMasked: true });
    expect(JSON.stringify(masked.body)).not.toContain('0123456789');
    const viewerWrite = await local.api.call<Json>('adminUsers.bankDetails.update', {
      token: viewer.token,
      params,
      body: bank,
    });
    expect(viewerWrite.status).toBe(403);

    const blind = await account(
      'admin',
      await role('admin', { adminUsers: ['view', 'edit'], profile: ['tutorDetails'] }),
    );
    const hidden = await local.api.call<Json>('adminUsers.get', { token: blind.token, params });
    expect(hidden.status).toBe(200);
    expect(hidden.body.bankDetails).toBeUndefined();
    const blindWrite = await local.api.call<Json>('adminUsers.bankDetails.update', {
      token: blind.token,
      params,
      body: bank,
    });
    expect(blindWrite.status).toBe(403);

    // Another tutor has no way to another's profile.
    const other = await account('tutor', systemRoleIds.Tutor);
    const peek = await local.api.call<Json>('adminUsers.get', { token: other.token, params });
    expect(peek.status).toBe(403);

    // In no other answer: the user lists, the signed-in user.
    const listed = await local.api.call<Json>('adminUsers.list', {
      token: people.admin().token,
      query: { limit: 50, offset: 0, searchText: tutor.email },
    });
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).not.toContain('0123456789');
    const me = await local.api.call<Json>('users.authUser', { token: tutor.token });
    expect(JSON.stringify(me.body)).not.toContain('0123456789');
  });

  it("are written by an admin (audited as the admin), and another tenant's admin gets a 404", async () => {
    const tutor = await account('tutor', systemRoleIds.Tutor);
    const written = await local.api.call<Json>('adminUsers.bankDetails.update', {
      token: people.admin().token,
      params: { id: tutor.userId },
      body: { ...bank, accountNumber: '99998888' },
    });
    expect(written.status, JSON.stringify(written.body)).toBe(200);
    expect(written.body.bankDetails.accountNumber).toBe('99998888');
    const audit = await listAudit('demo', 200);
    expect(audit).toContainEqual(
      expect.objectContaining({
        action: 'bankDetailsChanged',
        actorId: people.admin().userId,
        subjectId: tutor.userId,
      }),
    );

    const foreignAdmin = await local.api.signIn(northwind.admin.email, northwind.admin.password, 'northwind');
    const foreign = apiClient(local.stack.apiUrl, { tenant: 'northwind' });
    const read = await foreign.call('adminUsers.get', {
      token: foreignAdmin.token,
      params: { id: tutor.userId },
    });
    expect(read.status).toBe(404);
    const write = await foreign.call('adminUsers.bankDetails.update', {
      token: foreignAdmin.token,
      params: { id: tutor.userId },
      body: bank,
    });
    expect(write.status).toBe(404);
    const plans = await foreign.call('adminUsers.plans', {
      token: foreignAdmin.token,
      params: { id: tutor.userId },
    });
    expect(plans.status).toBe(404);
  });
});

describe('plans and payment history', () => {
  it("show a student their subscriptions and payments; a parent their children's", async () => {
    const student = await account('student', systemRoleIds.Student, { firstname: 'Kim' });
    const parent = await account('parent', systemRoleIds.Student);
    const linked = await local.api.call('adminUsers.linkAccounts', {
      token: people.admin().token,
      params: { id: parent.userId },
      body: { childIds: [student.userId] },
    });
    expect(linked.status).toBe(200);
    const subscriptionId = await recordSubscription('demo', student.userId);
    // A rate version in force for everyone, with the student's rate for the 10-hour plan.
    const version = await local.api.call<Json>('student-flexible-rate-versions.create', {
      token: people.admin().token,
      body: { name: `Profile rates ${unique()}`, effectiveFrom: '2020-01-01T00:00:00Z' },
    });
    expect(version.status, JSON.stringify(version.body)).toBe(201);
    const rate = await local.api.call<Json>('student-flexible-rates.create', {
      token: people.admin().token,
      body: {
        versionId: version.body._id,
        packageId: 'plan-flex-10h',
        price: { amount: 42.5, currency: 'SGD' },
      },
    });
    expect(rate.status, JSON.stringify(rate.body)).toBe(201);
    const { _id: paymentId } = await recordPayment('demo', { userId: student.userId, amount: usd(4900) });

    const own = await local.api.call<Json>('profile.plans', { token: student.token });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body.people).toHaveLength(1);
    expect(own.body.people[0]).toMatchObject({
      _id: student.userId,
      subscriptions: [
        { _id: subscriptionId, status: 'active', planId: 'plan-sub-monthly', paymentType: 'SUBSCRIPTION' },
      ],
      enrolments: [],
    });
    expect(own.body.people[0].subscriptions[0].planName).toEqual(expect.any(String));
    expect(own.body.people[0].rates.flexible).toEqual([
      expect.objectContaining({
        packageId: 'plan-flex-10h',
        planName: expect.any(String),
        price: { amount: 42.5, currency: 'SGD' },
      }),
    ]);

    const family = await local.api.call<Json>('profile.plans', { token: parent.token });
    expect(family.status).toBe(200);
    expect(family.body.people.map((person: Json) => person._id)).toEqual([student.userId]);
    expect(family.body.people[0].subscriptions[0]._id).toBe(subscriptionId);

    const childHistory = await local.api.call<Json>('paymentHistory.list', {
      token: parent.token,
      query: { userId: student.userId },
    });
    expect(childHistory.status).toBe(200);
    expect(childHistory.body.docs.map((doc: Json) => doc._id)).toEqual([paymentId]);
    const stranger = await account('student', systemRoleIds.Student);
    const notMine = await local.api.call<Json>('paymentHistory.list', {
      token: stranger.token,
      query: { userId: student.userId },
    });
    expect(notMine.status).toBe(404);

    const admin = await local.api.call<Json>('adminUsers.plans', {
      token: people.admin().token,
      params: { id: student.userId },
    });
    expect(admin.status).toBe(200);
    expect(admin.body.people[0].subscriptions[0]._id).toBe(subscriptionId);
  });

  it('are refused where the tab is hidden: without the permission, to a tutor, to an admin without it', async () => {
    const without = await account(
      'student',
      await role('user', { profile: ['view', 'edit', 'paymentHistory'] }),
    );
    const refused = await local.api.call<Json>('profile.plans', { token: without.token });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('You do not have permission to see: plans');
    const tutor = await account('tutor', await role('user', { profile: ['view', 'plans'] }));
    expect((await local.api.call('profile.plans', { token: tutor.token })).status).toBe(403);
    const student = await account('student', systemRoleIds.Student);
    const admin = await account(
      'admin',
      await role('admin', { adminUsers: ['view'], profile: ['paymentHistory'] }),
    );
    const adminRefused = await local.api.call<Json>('adminUsers.plans', {
      token: admin.token,
      params: { id: student.userId },
    });
    expect(adminRefused.status).toBe(403);
    // The payment history tab of another needs the school's paymentHistoryView too.
    const seen = await local.api.call<Json>('adminUsers.get', {
      token: admin.token,
      params: { id: student.userId },
    });
    expect(seen.body.access.visible).not.toContain('paymentHistory');
    const unknown = await local.api.call('adminUsers.plans', {
      token: people.admin().token,
      params: { id: 'no-such-user' },
    });
    expect(unknown.status).toBe(404);
  });
});

describe('tutor rates', () => {
  it('are read by the tutor and set by an admin with tutorRatesEdit', async () => {
    const tutor = await account('tutor', systemRoleIds.Tutor);
    const mine = await local.api.call<Json>('profile.get', { token: tutor.token });
    expect(mine.body.access.visible).toContain('tutorRates');
    expect(mine.body.access.writable).not.toContain('tutorRates');
    const rates = await local.api.call<Json>('one-to-one-tutor-rates.mine', { token: tutor.token });
    expect(rates.status).toBe(200);

    const admin = await local.api.call<Json>('adminUsers.get', {
      token: people.admin().token,
      params: { id: tutor.userId },
    });
    expect(admin.body.access.writable).toContain('tutorRates');
    const reader = await account(
      'admin',
      await role('admin', {
        adminUsers: ['view', 'edit'],
        profile: ['tutorRates'],
        adminSettings: ['tutorRatesView'],
      }),
    );
    const read = await local.api.call<Json>('adminUsers.get', {
      token: reader.token,
      params: { id: tutor.userId },
    });
    expect(read.body.access.visible).toContain('tutorRates');
    expect(read.body.access.writable).not.toContain('tutorRates');
    const student = await account('student', await role('user', { profile: ['view', 'tutorRates'] }));
    const studentProfile = await local.api.call<Json>('profile.get', { token: student.token });
    expect(studentProfile.body.access.visible).not.toContain('tutorRates');
  });
});
