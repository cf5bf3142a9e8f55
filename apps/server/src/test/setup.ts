import { afterEach, vi } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    dialect: 'sqlite' | 'postgres';
    postgresUrl: string;
    /** Where images live: the upload folder, or a local S3-compatible server started per test file. */
    storage?: 'folder' | 's3';
  }
}

// A console.error during a test is a bug somewhere: fail the test that caused it.
const errors: unknown[][] = [];
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  errors.push(args);
});
afterEach(() => {
  if (errors.length > 0) {
    const logged = errors.splice(0).map((args) => args.map(String).join(' '));
    throw new Error(`console.error was called:\n${logged.join('\n')}`);
  }
});
