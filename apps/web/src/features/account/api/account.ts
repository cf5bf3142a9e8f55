import type {
  AccountExport,
  ChangeEmailBody,
  ForgotPasswordBody,
  ResetPasswordBody,
  User,
} from '@portfolio-master/contract';
import { useMutation, useQueryClient } from '../../../lib/query';
import { request } from '../../../lib/api-client';
import { setToken } from '../../../lib/auth-token';
import { meQueryKey } from '../../auth/api/get-me';

/** `POST /password/forgot`: the same answer whether or not the address has an account. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: async (body: ForgotPasswordBody) =>
      (await request<true>('/password/forgot', { method: 'POST', body, auth: false })).data,
  });
}

/** `POST /password/reset`: every other session ends; this browser is signed in with the new token. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ResetPasswordBody) => {
      const { data, headers } = await request<User>('/password/reset', { method: 'POST', body, auth: false });
      const token = headers.get('x-token');
      if (token) setToken(token);
      return data;
    },
    onSuccess: (user) => {
      queryClient.setQueriesData({ queryKey: meQueryKey }, user);
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}

/** `POST /user/me/email`: a confirmation link goes to the new address. */
export function useRequestEmailChange() {
  return useMutation({
    mutationFn: async (body: ChangeEmailBody) =>
      (await request<true>('/user/me/email', { method: 'POST', body })).data,
  });
}

/** `POST /email/confirm`: the new address takes effect. */
export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (token: string) =>
      (await request<User>('/email/confirm', { method: 'POST', body: { token } })).data,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['user'] });
    },
  });
}

/**
 * `DELETE /user/me`: the account and everything it made go; `leave` takes the visitor off the page
 * (which needs a session) before this browser forgets the session and everything it had read.
 */
export function useDeleteAccount(leave: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (currentPassword: string | undefined) => {
      await request<null>('/user/me', { method: 'DELETE', body: { currentPassword } });
    },
    onSuccess: () => {
      leave();
      setToken(null);
      queryClient.clear();
    },
  });
}

/** The name the server gives the file, or one like it. */
function fileNameOf(disposition: string | null, data: AccountExport): string {
  const named = disposition ? /filename="([^"]+)"/.exec(disposition)?.[1] : undefined;
  return named ?? `portfolio-master-${data.account.username}.json`;
}

/** `GET /user/me/export`, saved by the browser as a JSON file. */
export function useDownloadMyData() {
  return useMutation({
    mutationFn: async () => {
      const { data, headers } = await request<AccountExport>('/user/me/export', { timeoutMs: 60_000 });
      const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = fileNameOf(headers.get('content-disposition'), data);
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      return link.download;
    },
  });
}
