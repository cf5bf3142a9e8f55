import { useMutation, useQuery, useQueryClient } from '../../../lib/query';
import { apiGet, request } from '../../../lib/api-client';
import { useToken } from '../../../lib/auth-token';
import { meQueryKey } from '../../auth/api/get-me';
import type { User } from '@portfolio-master/contract';

/** How often the page asks whether the bot has been started, while the person is on their way to it. */
const WAIT_INTERVAL_MS = 3_000;

/** `POST /user/me/telegram-chat`: the bot's address with a one-time start token (15 minutes). */
export function useTelegramChatLink() {
  return useMutation({
    mutationFn: async () =>
      (await request<{ url: string }>('/user/me/telegram-chat', { method: 'POST' })).data,
  });
}

/**
 * While `waiting`, asks `/user/me` every few seconds whether the chat is linked (the person presses Start
 * in Telegram, the bot links it); the account's own data follows when it is.
 */
export function useTelegramChatState(waiting: boolean) {
  const token = useToken();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['user', 'me', 'telegram-chat', token],
    queryFn: async ({ signal }) => {
      const me = await apiGet<User>('/user/me', { signal });
      if (me.telegramChat?.linked) {
        queryClient.setQueriesData({ queryKey: meQueryKey }, me);
        // Linking switched on for Telegram the kinds that are on for mail.
        void queryClient.invalidateQueries({ queryKey: ['notifications', 'settings'] });
      }
      return me.telegramChat ?? null;
    },
    enabled: waiting && token !== null,
    refetchInterval: (query) => (query.state.data?.linked ? false : WAIT_INTERVAL_MS),
  });
}

/** `DELETE /user/me/telegram-chat`: the bot stops writing; the account's own data follows. */
export function useUnlinkTelegramChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await request<null>('/user/me/telegram-chat', { method: 'DELETE' });
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
