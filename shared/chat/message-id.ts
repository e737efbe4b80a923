/**
 * Message ids: sortable as text in the order the server assigned them (ULID's layout: 10 Crockford base-32
 * characters of milliseconds, then 16 of randomness). Within one millisecond of one process the random part
 * is incremented rather than drawn again, so ids made one after the other always sort in that order; ids
 * of two processes in the same millisecond sort in an arbitrary but fixed order, which every reader sees
 * alike (the conversation's order is the ids' order, not anyone's clock).
 */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const TIME_LENGTH = 10;
const RANDOM_LENGTH = 16;
export const MESSAGE_ID_LENGTH = TIME_LENGTH + RANDOM_LENGTH;
export const messageIdPattern = /^[0-9A-HJKMNP-TV-Z]{26}$/;

type RandomSource = (length: number) => number[];

const cryptoRandom: RandomSource = (length) => {
  const bytes = new Uint8Array(length);
  globalThis.crypto.getRandomValues(bytes);
  return [...bytes].map((byte) => byte % 32);
};

function encodeTime(now: number): string {
  let rest = now;
  let text = '';
  for (let i = 0; i < TIME_LENGTH; i++) {
    text = ALPHABET.charAt(rest % 32) + text;
    rest = Math.floor(rest / 32);
  }
  return text;
}

/** The random digits plus one, in base 32 (undefined when they are all the highest digit). */
function increment(digits: number[]): number[] | undefined {
  const next = [...digits];
  for (let i = next.length - 1; i >= 0; i--) {
    const digit = next[i] ?? 0;
    if (digit < 31) {
      next[i] = digit + 1;
      return next;
    }
    next[i] = 0;
  }
  return undefined;
}

/** A generator of increasing ids (one per process is enough: `newMessageId`). */
export function messageIdFactory(random: RandomSource = cryptoRandom) {
  let lastTime = -1;
  let lastRandom: number[] = [];
  return (now = Date.now()): string => {
    // A clock that steps back keeps the last time: ids still increase.
    const time = Math.max(now, lastTime);
    const incremented = time === lastTime ? increment(lastRandom) : undefined;
    lastRandom = incremented ?? random(RANDOM_LENGTH);
    // 32^16 ids in one millisecond are not reached; if they were, the next millisecond goes on.
    lastTime = time === lastTime && !incremented ? time + 1 : time;
    return encodeTime(lastTime) + lastRandom.map((digit) => ALPHABET.charAt(digit)).join('');
  };
}

export const newMessageId = messageIdFactory();

/** When the id was made (its first 10 characters). */
export function messageIdTime(id: string): number {
  let time = 0;
  for (const character of id.slice(0, TIME_LENGTH)) time = time * 32 + ALPHABET.indexOf(character);
  return time;
}
