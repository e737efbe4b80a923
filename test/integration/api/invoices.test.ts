import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../../functions/lib/passwords';
import { applyInvoicePayment } from '../../../functions/payments/invoice-payments';
import { createUser } from '../../../functions/repositories/users';
import { readOutbox } from '../../../infra/local/mailbox';
import { systemRoleIds } from '../../../shared/permissions/default-roles';
import type { Invoice } from '../../../shared/schemas/invoices';
import type { Page } from '../../../shared/schemas/paging';
import { demo, northwind } from '../../support/api-client';
import { localStackForFile } from '../../support/stack';

const local = localStackForFile();

type Session = { token: string; userId: string };
let admin: Session;
let sam: Session;
let samsSister: Session;
let parent: Session;
let tom: Session;
let northwindAdmin: Session;
let lonelyStudent: Session;
const SAM = 'demo-student-1';

const lessons = [
  { description: 'Maths lessons, March', quantity: 4, unitAmount: 45 },
  { description: 'Workbook', quantity: 1, unitAmount: 12.5 },
];

async function createInvoice(body: Record<string, unknown> = {}) {
  const answer = await local.api.call<Invoice>('invoices.create', {
    token: admin.token,
    body: { userId: SAM, lineItems: lessons, ...body },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

beforeAll(async () => {
  admin = await local.api.signIn(demo.admin.email, demo.admin.password);
  sam = await local.api.signIn(demo.student.email, demo.student.password);
  samsSister = await local.api.signIn(demo.student2.email, demo.student2.password);
  parent = await local.api.signIn(demo.parent.email, demo.parent.password);
  tom = await local.api.signIn(demo.tutor.email, demo.tutor.password);
  northwindAdmin = await local.api.signIn(northwind.admin.email, northwind.admin.password, 'northwind');
  await createUser('demo', {
    firstname: 'Lonely',
    lastname: 'Student',
    email: 'lonely@demo.test',
    type: 'student',
    roleId: systemRoleIds.Student,
    passwordHash: await hashPassword('Lonely-123'),
  });
  lonelyStudent = await local.api.signIn('lonely@demo.test', 'Lonely-123');
});

describe('creating an invoice', () => {
  it('numbers it, totals its lines exactly and takes the school’s default currency', async () => {
    // Act
    const invoice = await createInvoice({ dueDate: '2030-04-01', memo: 'Term 2' });

    // Assess
    expect(invoice).toMatchObject({
      status: 'PENDING',
      currency: 'USD',
      userId: SAM,
      user: { _id: SAM, email: demo.student.email },
      total: { amount: 192.5, currency: 'USD' },
      dueDate: '2030-04-01',
      sentCount: 0,
    });
    expect(invoice.lineItems.map((line) => line.amount)).toEqual([180, 12.5]);
    expect(invoice.number).toBe(`INV-${String(invoice.invoiceNumber).padStart(5, '0')}`);
    const read = await local.api.call<Invoice>('invoices.get', {
      token: admin.token,
      params: { id: invoice._id },
    });
    expect(read.body).toEqual(invoice);
  });

  // The local engine runs each transaction in turn, slowly on a busy machine: the 20 take their turns.
  it('gives 20 concurrent creates 20 different numbers, with no gap', { timeout: 120_000 }, async () => {
    // Act
    const created = await Promise.all(Array.from({ length: 20 }, () => createInvoice()));

    // Assess
    const numbers = created.map((invoice) => invoice.invoiceNumber).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(20);
    const first = numbers[0] ?? 0;
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => first + i));
    const next = await createInvoice();
    expect(next.invoiceNumber).toBe(first + 20);
  });

  it('never takes a total from the client, and refuses amounts its currency cannot hold', async () => {
    const cases: Array<[Record<string, unknown>, number, RegExp]> = [
      [{ total: { amount: 1, currency: 'USD' } }, 400, /Unknown field/],
      [
        { lineItems: [{ description: 'x', quantity: 1, unitAmount: 12.345 }] },
        400,
        /lineItems\.0\.unitAmount/,
      ],
      [{ lineItems: [] }, 400, /at least one line/],
      [{ lineItems: [{ description: 'x', quantity: 0, unitAmount: 1 }] }, 400, /quantity/],
      [{ lineItems: [{ description: 'x', quantity: 1, unitAmount: -1 }] }, 400, /negative/],
      [{ currency: 'EUR' }, 400, /does not take EUR/],
      [{ userId: 'nobody' }, 404, /User not found/],
      [{ userId: 'demo-tutor-1' }, 400, /students and parents/],
      [{ dueDate: '1 April' }, 400, /YYYY-MM-DD/],
    ];
    for (const [change, status, message] of cases) {
      const answer = await local.api.call('invoices.create', {
        token: admin.token,
        body: { userId: SAM, lineItems: lessons, ...change },
      });
      expect(answer.status, JSON.stringify(change)).toBe(status);
      expect(String(answer.body.message)).toMatch(message);
    }
  });

  it('takes another currency the school accepts, in its decimals', async () => {
    const invoice = await createInvoice({
      currency: 'SGD',
      lineItems: [{ description: 'Lessons', quantity: 3, unitAmount: 33.33 }],
    });
    expect(invoice.total).toEqual({ amount: 99.99, currency: 'SGD' });
  });
});

describe('its states', () => {
  it('edits a PENDING invoice, recomputing its total', async () => {
    const invoice = await createInvoice();
    const answer = await local.api.call<Invoice>('invoices.update', {
      token: admin.token,
      params: { id: invoice._id },
      body: { lineItems: [{ description: 'One lesson', quantity: 1, unitAmount: 45 }], dueDate: null },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.total).toEqual({ amount: 45, currency: 'USD' });
    expect(answer.body.invoiceNumber).toBe(invoice.invoiceNumber);
    const changeCurrency = await local.api.call('invoices.update', {
      token: admin.token,
      params: { id: invoice._id },
      body: { currency: 'SGD' },
    });
    expect(changeCurrency.status).toBe(400);
  });

  it('voids a PENDING invoice; a void one can be neither edited, sent, paid nor voided again', async () => {
    // Prepare
    const invoice = await createInvoice();

    // Act
    const voided = await local.api.call<Invoice>('invoices.update', {
      token: admin.token,
      params: { id: invoice._id },
      body: { status: 'VOID' },
    });

    // Assess
    expect(voided.body).toMatchObject({ status: 'VOID' });
    expect(voided.body.voidedAt).toBeDefined();
    for (const body of [{ memo: 'again' }, { status: 'VOID' }]) {
      const edit = await local.api.call('invoices.update', {
        token: admin.token,
        params: { id: invoice._id },
        body,
      });
      expect(edit.status).toBe(409);
      expect(edit.body.message).toMatch(/void/);
    }
    const send = await local.api.call('invoices.sendMail', {
      token: admin.token,
      params: { id: invoice._id },
    });
    expect(send.status).toBe(409);
    const pay = await local.api.call('invoices.checkoutSession', {
      token: sam.token,
      params: { id: invoice._id },
      body: { id: invoice._id },
    });
    expect(pay.status).toBe(409);
    expect(pay.body.message).toMatch(/void: it can't be paid/);
    const mixed = await createInvoice();
    const both = await local.api.call('invoices.update', {
      token: admin.token,
      params: { id: mixed._id },
      body: { status: 'VOID', memo: 'and this' },
    });
    expect(both.status).toBe(400);
  });

  it('keeps a PAID invoice as it is: no edit, no void, no second checkout', async () => {
    // Prepare: paid through its checkout, as the payment's consumer applies it
    const invoice = await createInvoice();
    expect(
      await applyInvoicePayment('demo', {
        invoiceId: invoice._id,
        checkoutSessionId: 'cs_test_paid_one',
        amountMinor: 19250,
        currency: 'usd',
        paidAt: new Date().toISOString(),
      }),
    ).toBe('paid');

    // Act and assess
    for (const body of [{ memo: 'late change' }, { status: 'VOID' }]) {
      const edit = await local.api.call('invoices.update', {
        token: admin.token,
        params: { id: invoice._id },
        body,
      });
      expect(edit.status).toBe(409);
      expect(edit.body.message).toMatch(/paid: it can't be changed or voided/);
    }
    const pay = await local.api.call('invoices.checkoutSession', {
      token: parent.token,
      params: { id: invoice._id },
      body: { id: invoice._id },
    });
    expect(pay.status).toBe(409);
    // A receipt can still be mailed, and noted
    const send = await local.api.call('invoices.sendMail', {
      token: admin.token,
      params: { id: invoice._id },
    });
    expect(send.status).toBe(200);
  });
});

describe('applyInvoicePayment', () => {
  const paidAt = '2030-03-01T10:00:00.000Z';

  it('marks the invoice PAID once; a replay is a no-op', async () => {
    const invoice = await createInvoice();
    const payment = {
      invoiceId: invoice._id,
      checkoutSessionId: 'cs_test_once',
      amountMinor: 19250,
      currency: 'USD',
      paidAt,
    };
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => applyInvoicePayment('demo', payment)));
    expect(outcomes.filter((outcome) => outcome === 'paid')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'already-applied')).toHaveLength(4);
    const read = await local.api.call<Invoice>('invoices.get', {
      token: admin.token,
      params: { id: invoice._id },
    });
    expect(read.body).toMatchObject({ status: 'PAID', paidAt, paymentProblems: [] });
    expect(await applyInvoicePayment('demo', payment)).toBe('already-applied');
  });

  it('records a payment of the wrong amount or currency, once, and leaves the invoice PENDING', async () => {
    const invoice = await createInvoice();
    const short = {
      invoiceId: invoice._id,
      checkoutSessionId: 'cs_test_short',
      amountMinor: 100,
      currency: 'usd',
      paidAt,
    };
    expect(await applyInvoicePayment('demo', short)).toBe('mismatch');
    expect(await applyInvoicePayment('demo', short)).toBe('mismatch');
    expect(
      await applyInvoicePayment('demo', {
        ...short,
        checkoutSessionId: 'cs_test_sgd',
        amountMinor: 19250,
        currency: 'sgd',
      }),
    ).toBe('mismatch');
    const read = await local.api.call<Invoice>('invoices.get', {
      token: admin.token,
      params: { id: invoice._id },
    });
    expect(read.body.status).toBe('PENDING');
    expect(read.body.paymentProblems?.map((problem) => problem.checkoutSessionId)).toEqual([
      'cs_test_short',
      'cs_test_sgd',
    ]);
    expect(read.body.paymentProblems?.[1]?.amount).toEqual({ amount: 192.5, currency: 'SGD' });
    // The right payment still pays it
    expect(
      await applyInvoicePayment('demo', { ...short, checkoutSessionId: 'cs_test_right', amountMinor: 19250 }),
    ).toBe('paid');
  });

  it('records, never applies, a payment of a void or already paid invoice', async () => {
    const voided = await createInvoice();
    await local.api.call('invoices.update', {
      token: admin.token,
      params: { id: voided._id },
      body: { status: 'VOID' },
    });
    const payment = {
      invoiceId: voided._id,
      checkoutSessionId: 'cs_test_late',
      amountMinor: 19250,
      currency: 'USD',
      paidAt,
    };
    expect(await applyInvoicePayment('demo', payment)).toBe('void');
    const paid = await createInvoice();
    await applyInvoicePayment('demo', {
      ...payment,
      invoiceId: paid._id,
      checkoutSessionId: 'cs_test_first',
    });
    expect(
      await applyInvoicePayment('demo', {
        ...payment,
        invoiceId: paid._id,
        checkoutSessionId: 'cs_test_second',
      }),
    ).toBe('already-paid');
    const read = await local.api.call<Invoice>('invoices.get', {
      token: admin.token,
      params: { id: paid._id },
    });
    expect(read.body).toMatchObject({ status: 'PAID' });
    expect(read.body.paymentProblems?.[0]?.problem).toMatch(/refund/);
    expect(await applyInvoicePayment('demo', { ...payment, invoiceId: 'no-such-invoice' })).toBe(
      'unknown-invoice',
    );
    expect(await applyInvoicePayment('northwind', { ...payment, invoiceId: paid._id })).toBe(
      'unknown-invoice',
    );
  });
});

describe('paying by card through the local checkout', () => {
  it("the parent's Checkout Session carries the invoice; paying it marks the invoice PAID", async () => {
    // Prepare
    const invoice = await createInvoice();

    // Act: the parent asks to pay Sam's invoice and pays on the hosted page
    const answer = await local.api.call<{
      session: { id: string; url: string };
      stripeSession: { url: string };
    }>('invoices.checkoutSession', {
      token: parent.token,
      params: { id: invoice._id },
      body: { id: invoice._id },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.stripeSession.url).toBe(answer.body.session.url);
    expect(await (await fetch(answer.body.session.url)).text()).toContain('Pay 192.50 USD');
    const paid = await fetch(`${answer.body.session.url}/pay`, { method: 'POST', redirect: 'manual' });
    await local.stack.stripe.settled();

    // Assess: back to the invoice's page; the completed session names the invoice
    expect(paid.headers.get('location')).toContain(
      `/learning-portal/portal/invoices/${invoice._id}?paymentStatus=success`,
    );
    const completed = local.stack.stripe
      .events('demo')
      .find(
        (event) =>
          event.type === 'checkout.session.completed' &&
          (event.data as { object: { id: string } }).object.id === answer.body.session.id,
      );
    if (!completed) throw new Error('No checkout.session.completed event for the session');
    const session = (completed.data as { object: Record<string, unknown> }).object;
    expect(session).toMatchObject({
      client_reference_id: SAM,
      amount_total: 19250,
      currency: 'usd',
      metadata: { tenant: 'demo', purpose: 'INVOICE', userId: SAM, invoiceId: invoice._id },
    });
    // The Stripe event's consumer marks the invoice PAID (functions/payments/apply-stripe-event.ts)
    await expect
      .poll(async () => {
        const mine = await local.api.call<Invoice>('invoices.mineGet', {
          token: parent.token,
          params: { id: invoice._id },
        });
        return mine.body.status;
      })
      .toBe('PAID');
    expect(
      await applyInvoicePayment('demo', {
        invoiceId: invoice._id,
        checkoutSessionId: String(session.id),
        amountMinor: 19250,
        currency: 'usd',
        paidAt: new Date().toISOString(),
      }),
    ).toBe('already-applied');
  });

  it('refuses a body that names another invoice than the path', async () => {
    const invoice = await createInvoice();
    const answer = await local.api.call('invoices.checkoutSession', {
      token: sam.token,
      params: { id: invoice._id },
      body: { id: 'another' },
    });
    expect(answer.status).toBe(400);
  });
});

describe('who reads which invoices', () => {
  let samsInvoice: Invoice;
  let sistersInvoice: Invoice;

  beforeAll(async () => {
    samsInvoice = await createInvoice();
    sistersInvoice = await createInvoice({ userId: 'demo-student-2' });
  });

  it('Sam reads his own, never his sister’s', async () => {
    const own = await local.api.call<Page<Invoice>>('invoices.mine', { token: sam.token });
    expect(own.body.docs.every((invoice) => invoice.userId === SAM)).toBe(true);
    expect(own.body.docs.map((invoice) => invoice._id)).toContain(samsInvoice._id);
    expect(own.body.docs[0]?.notes).toBeUndefined();
    const sisters = await local.api.call('invoices.mineGet', {
      token: sam.token,
      params: { id: sistersInvoice._id },
    });
    expect(sisters.status).toBe(404);
    const filtered = await local.api.call('invoices.mine', {
      token: sam.token,
      query: { userId: 'demo-student-2' },
    });
    expect(filtered.status).toBe(404);
    const pay = await local.api.call('invoices.checkoutSession', {
      token: sam.token,
      params: { id: sistersInvoice._id },
      body: { id: sistersInvoice._id },
    });
    expect(pay.status).toBe(404);
  });

  it('the parent reads both children’s, together or one child at a time', async () => {
    const all = await local.api.call<Page<Invoice>>('invoices.mine', {
      token: parent.token,
      query: { limit: 100 },
    });
    const ids = all.body.docs.map((invoice) => invoice._id);
    expect(ids).toContain(samsInvoice._id);
    expect(ids).toContain(sistersInvoice._id);
    const sisters = await local.api.call<Page<Invoice>>('invoices.mine', {
      token: parent.token,
      query: { userId: 'demo-student-2' },
    });
    expect(sisters.body.docs.every((invoice) => invoice.userId === 'demo-student-2')).toBe(true);
    expect(sisters.body.totalDocs).toBeGreaterThanOrEqual(1);
    const read = await local.api.call('invoices.mineGet', {
      token: parent.token,
      params: { id: samsInvoice._id },
    });
    expect(read.status).toBe(200);
  });

  it('another family, a tutor and another school see nothing', async () => {
    for (const session of [lonelyStudent, tom, samsSister]) {
      const read = await local.api.call('invoices.mineGet', {
        token: session.token,
        params: { id: samsInvoice._id },
      });
      expect(read.status).toBe(404);
    }
    const lonely = await local.api.call<Page<Invoice>>('invoices.mine', { token: lonelyStudent.token });
    expect(lonely.body).toMatchObject({ totalDocs: 0, docs: [] });
    for (const routeId of ['invoices.get', 'invoices.sendMail']) {
      const foreign = await local.api.call(routeId, {
        token: northwindAdmin.token,
        tenant: 'northwind',
        params: { id: samsInvoice._id },
      });
      expect(foreign.status).toBe(404);
    }
    const tutorList = await local.api.call('invoices.list', { token: tom.token });
    expect(tutorList.status).toBe(403);
  });
});

describe("the back-office's list, notes and mail", () => {
  it('filters by user, status and number', async () => {
    const sisters = await createInvoice({ userId: 'demo-student-2' });
    await local.api.call('invoices.update', {
      token: admin.token,
      params: { id: sisters._id },
      body: { status: 'VOID' },
    });
    const byUser = await local.api.call<Page<Invoice>>('invoices.list', {
      token: admin.token,
      query: { userId: 'demo-student-2', limit: 100 },
    });
    expect(byUser.body.docs.every((invoice) => invoice.userId === 'demo-student-2')).toBe(true);
    const voids = await local.api.call<Page<Invoice>>('invoices.list', {
      token: admin.token,
      query: { status: 'VOID', limit: 100 },
    });
    expect(voids.body.docs.every((invoice) => invoice.status === 'VOID')).toBe(true);
    expect(voids.body.totalDocs).toBe(voids.body.docs.length);
    for (const typed of [sisters.number, String(sisters.invoiceNumber), sisters.number.toLowerCase()]) {
      const byNumber = await local.api.call<Page<Invoice>>('invoices.list', {
        token: admin.token,
        query: { invoiceNumber: typed },
      });
      expect(byNumber.body.docs.map((invoice) => invoice._id)).toEqual([sisters._id]);
    }
    const bad = await local.api.call('invoices.list', {
      token: admin.token,
      query: { invoiceNumber: 'ABC' },
    });
    expect(bad.status).toBe(400);
    const search = await local.api.call<Page<Invoice>>('invoices.list', {
      token: admin.token,
      query: { searchText: 'student2@demo', limit: 100 },
    });
    expect(search.body.docs.length).toBeGreaterThan(0);
    expect(search.body.docs.every((invoice) => invoice.userId === 'demo-student-2')).toBe(true);
  });

  it('adds and deletes notes', async () => {
    const invoice = await createInvoice();
    const noted = await local.api.call<Invoice>('invoices.createNote', {
      token: admin.token,
      params: { id: invoice._id },
      body: { note: 'Parent asked to pay next week' },
    });
    expect(noted.body.notes).toMatchObject([{ note: 'Parent asked to pay next week' }]);
    const noteId = noted.body.notes?.[0]?._id ?? '';
    const unknown = await local.api.call('invoices.deleteNote', {
      token: admin.token,
      params: { id: invoice._id },
      query: { noteId: 'nope' },
    });
    expect(unknown.status).toBe(404);
    const deleted = await local.api.call<Invoice>('invoices.deleteNote', {
      token: admin.token,
      params: { id: invoice._id },
      query: { noteId },
    });
    expect(deleted.body.notes).toEqual([]);
  });

  it('mails an invoice to the student and their parent, on create and again on send', async () => {
    const invoice = await createInvoice({ send: true });
    expect(invoice.sentCount).toBe(1);
    await local.stack.events.settled();
    const mailsOf = async () =>
      (await readOutbox(local.stack.outboxDir)).filter((mail) => mail.subject.includes(invoice.number));
    expect((await mailsOf()).map((mail) => mail.to).sort()).toEqual([demo.parent.email, demo.student.email]);
    const mail = (await mailsOf())[0];
    expect(mail?.text).toContain('Total: USD 192.50');
    expect(mail?.text).toContain(`/learning-portal/portal/invoices/${invoice._id}`);

    const again = await local.api.call<Invoice>('invoices.sendMail', {
      token: admin.token,
      params: { id: invoice._id },
    });
    expect(again.body.sentCount).toBe(2);
    await local.stack.events.settled();
    expect(await mailsOf()).toHaveLength(4);
  });
});
