import type { LinkTelegramBody, TelegramPayload, User } from '@portfolio-master/contract';
import { useMutation, useQueryClient } from '../../../lib/query';
import { request } from '../../../lib/api-client';
import { setToken } from '../../../lib/auth-token';
import { meQueryKey } from './get-me';

/**
 * `POST /auth/telegram`: signs in (or makes the account of) the Telegram user the widget vouched for.
 * The new session's token replaces any other: signing in again is also how an account without a password
 * confirms a sensitive change.
 */
export async function signInWithTelegram(
  payload: TelegramPayload,
): Promise<{ user: User; created: boolean }> {
  const { data, headers, status } = await request<User>('/auth/telegram', {
    method: 'POST',
    body: payload,
    auth: false,
  });
  const token = headers.get('x-token');
  if (token) setToken(token);
  return { user: data, created: status === 201 };
}

export function useTelegramSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInWithTelegram,
    onSuccess: ({ user }) => {
      queryClient.setQueriesData({ queryKey: meQueryKey }, user);
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}

/** `POST /user/me/telegram` and `DELETE /user/me/telegram`: link or unlink Telegram. */
export function useTelegramLink() {
  const queryClient = useQueryClient();
  const done = (user: User) => {
    queryClient.setQueriesData({ queryKey: meQueryKey }, user);
    void queryClient.invalidateQueries({ queryKey: ['user'] });
  };
  return {
    link: useMutation({
      mutationFn: async (body: LinkTelegramBody) =>
        (await request<User>('/user/me/telegram', { method: 'POST', body })).data,
      onSuccess: done,
    }),
    unlink: useMutation({
      mutationFn: async () => (await request<User>('/user/me/telegram', { method: 'DELETE' })).data,
      onSuccess: done,
    }),
  };
}
