/**
 * A value now, or a promise of it: what a look-up answers when what it kept is enough (at once) and when
 * it must ask the database (later). The kept case then costs no promise and no turn of the microtask
 * queue, which on the hottest paths (a signed-in read of a kept answer) is a fifth of their work.
 */
export type Soon<T> = T | Promise<T>;

/** `next` applied to `value` at once when it is there, else when it comes. */
export function whenReady<T, R>(value: Soon<T>, next: (value: T) => Soon<R>): Soon<R> {
  return value instanceof Promise ? value.then(next) : next(value);
}
