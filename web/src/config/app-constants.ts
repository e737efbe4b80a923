/** Spec 000 section 9: toasts hide after 4 s. */
export const TOAST_DURATION_MS = 4000;
/** Spec 000 section 9: the header is 64 px high. */
export const HEADER_HEIGHT_PX = 64;
/** Spec 000 section 9: a missing value shows a dash. */
export const MISSING_VALUE = '-';

/**
 * The floating chat button opens a messaging app with "Hello" (spec 000 section 2). The support number is
 * the brand's (digits only); empty lets the visitor pick the contact, with the text ready.
 */
export const SUPPORT_CHAT_NUMBER = '';
export const SUPPORT_CHAT_GREETING = 'Hello';
export function supportChatUrl(number = SUPPORT_CHAT_NUMBER, greeting = SUPPORT_CHAT_GREETING): string {
  return `https://wa.me/${number.replace(/\D/g, '')}?text=${encodeURIComponent(greeting)}`;
}
