import type { QueryClient, QueryKey } from './query';

/**
 * What a signed-in reader is shown until their own answer arrives: the answer everyone gets, which the
 * server's HTML came with (or a page kept for reading offline). Their own differs only in a few fields
 * (`likedByMe`, `followedByMe`, an own email), so after hydration the page stays as it was instead of
 * turning into a spinner for the moment the personal answer takes.
 */
export function publicStandIn<T>(
  client: QueryClient,
  token: string | null,
  publicKey: QueryKey,
): T | undefined {
  return token === null ? undefined : client.getQueryData<T>(publicKey);
}
