import type { Translation } from '../types.js';
import type { cv as source } from '../uz-Latn/cv.js';

export const cv = {} satisfies Translation<typeof source>;
