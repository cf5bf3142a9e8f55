export type { MessageKey } from './catalog/types.js';
export * from './locales.js';
export * from './translate.js';
