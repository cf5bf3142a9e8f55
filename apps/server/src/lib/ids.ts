import { randomBytes, randomInt } from 'node:crypto';

/**
 * Ids shaped like MongoDB ObjectIds: 4 bytes of seconds, 5 random bytes fixed per process and a 3-byte
 * counter, as 24 lowercase hex characters. They sort by creation time and let old ids be imported as is.
 */
const processRandom = randomBytes(5).toString('hex');
let counter = randomInt(0, 0xffffff);

export const ID_PATTERN = /^[0-9a-f]{24}$/;

export function newId(date: Date = new Date()): string {
  counter = (counter + 1) % 0x1000000;
  const seconds = Math.floor(date.getTime() / 1000)
    .toString(16)
    .padStart(8, '0');
  return seconds + processRandom + counter.toString(16).padStart(6, '0');
}

export function isId(value: string): boolean {
  return ID_PATTERN.test(value);
}
