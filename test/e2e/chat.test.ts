import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { demo } from '../support/api-client';
import { browserStackPerFile, screenshot } from './support/browser';

const browser = browserStackPerFile();
const COURSE_TITLE = 'IGCSE Mathematics (Grade 10)';

/** Opens the chat panel from the floating button and the course's conversation in it. */
async function openCourseChat(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Open chat' }).first().click();
  const conversation = page.getByRole('listitem').filter({ hasText: COURSE_TITLE });
  await conversation.waitFor();
  await conversation.click();
  await page.getByRole('textbox', { name: 'Message' }).waitFor();
}

const bubble = (page: Page, text: string) => page.getByTestId('chat-message').filter({ hasText: text });

it('a student and a tutor exchange messages in two browsers and see delivered and seen', async () => {
  // Prepare: Sam on a desktop, Tom on a phone-sized screen
  const student = await browser.signedInPage(demo.student, '/portal');
  const tutor = await browser.signedInPage(demo.tutor, '/portal', { viewport: { width: 390, height: 844 } });
  await openCourseChat(student);
  await screenshot(student, 'chat-conversation-empty-desktop', { fullPage: false });

  // Act: Sam writes while Tom has not opened the chat yet
  await student.getByRole('textbox', { name: 'Message' }).fill('Hello Tom, can we go over question 4?');
  await student.getByRole('button', { name: 'Send' }).click();

  // Assess: stored (one tick), nobody has it yet
  await bubble(student, 'question 4').getByLabel('Sent').waitFor();

  // Act: Tom opens the chat: the list shows one unseen message, then the conversation
  await tutor.getByRole('button', { name: 'Open chat' }).first().click();
  const row = tutor.getByRole('listitem').filter({ hasText: COURSE_TITLE });
  await row.getByLabel('unseen messages').filter({ hasText: '1' }).waitFor();
  await screenshot(tutor, 'chat-list-phone', { fullPage: false });
  await row.click();
  await bubble(tutor, 'question 4').waitFor();

  // Assess: Tom's client acknowledged it and he is reading it: Sam sees it seen, with no reload
  await bubble(student, 'question 4').getByLabel('Seen').waitFor();

  // Act: Tom types, then answers
  await tutor.getByRole('textbox', { name: 'Message' }).fill('Sure');
  await student.getByText('Tom typing…').waitFor();
  await tutor.getByRole('textbox', { name: 'Message' }).fill('Sure, let us start with part (a).');
  await tutor.getByRole('button', { name: 'Send' }).click();

  // Assess: Sam gets it at once (the typing entry goes with it), and Tom sees it seen since Sam has it open
  await bubble(student, 'part (a)').waitFor();
  expect(await student.getByText('Tom typing…').count()).toBe(0);
  await bubble(tutor, 'part (a)').getByLabel('Seen').waitFor();
  await screenshot(student, 'chat-conversation-desktop', { fullPage: false });
  await screenshot(tutor, 'chat-conversation-phone', { fullPage: false });
  const order = await student.getByTestId('chat-message').allTextContents();
  expect(order.findIndex((text) => text.includes('question 4'))).toBeLessThan(
    order.findIndex((text) => text.includes('part (a)')),
  );
});

it('the support chat: a student writes to the school and an admin answers from the admin chat page', async () => {
  // Prepare
  const student = await browser.signedInPage(demo.student2, '/portal', {
    viewport: { width: 390, height: 844 },
  });
  const admin = await browser.signedInPage(demo.admin, '/admin/chat');
  await admin.getByText('No conversations yet.').or(admin.getByRole('listitem').first()).waitFor();

  // Act: the student starts the support chat
  await student.getByRole('button', { name: 'Open chat' }).first().click();
  await student.getByRole('button', { name: 'New' }).click();
  await student.getByRole('listitem').filter({ hasText: 'Support' }).click();
  await student.getByText(/^Writing as .+ \(student2@demo\.test\)$/).waitFor();
  await student.getByRole('textbox', { name: 'Message' }).fill('How do I change my lesson time?');
  await student.getByRole('button', { name: 'Send' }).click();
  await screenshot(student, 'chat-support-phone', { fullPage: false });

  // Assess: the admin's inbox shows it, unseen; the admin answers
  const row = admin.getByRole('listitem').filter({ hasText: 'change my lesson time' });
  await row.getByLabel('unseen messages').waitFor();
  await screenshot(admin, 'admin-chat-list-desktop', { fullPage: false });
  await row.click();
  await admin.getByRole('textbox', { name: 'Message' }).fill('Open the lesson and choose Reschedule.');
  await admin.getByRole('button', { name: 'Send' }).click();
  await bubble(student, 'choose Reschedule').waitFor();
  await bubble(student, 'change my lesson time').getByLabel('Seen').waitFor();
  await screenshot(admin, 'admin-chat-conversation-desktop', { fullPage: false });

  // Act: the admin starts a conversation with a tutor from the new-conversation view
  await admin.getByRole('button', { name: 'Back to conversations' }).click();
  await admin.getByRole('button', { name: 'New conversation' }).click();
  await admin.getByRole('textbox', { name: 'Search people' }).fill('tutor1@demo');
  await admin.getByRole('listitem').filter({ hasText: 'tutor1@demo.test' }).click();
  await admin.getByRole('textbox', { name: 'Message' }).waitFor();
  await screenshot(admin, 'admin-chat-new-conversation-desktop', { fullPage: false });
});
