/** The JSON Resume project's validator, which ships no types: the one function the CV tests use. */
declare module '@jsonresume/schema' {
  export function validate(
    resume: unknown,
    callback: (errors: unknown[] | null, valid: boolean) => void,
  ): void;
}
