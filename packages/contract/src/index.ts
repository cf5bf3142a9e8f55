export * from './constants.js';
export * from './display.js';
export * from './errors.js';
export * from './fields.js';
export * from './users.js';
export * from './portfolios.js';
export type * from './rendering.js';
