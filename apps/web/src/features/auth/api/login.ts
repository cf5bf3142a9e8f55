import type { LoginBody, User } from '@portfolio-master/contract';
import { useMutation, useQueryClient } from '../../../lib/query';
import { request } from '../../../lib/api-client';
import { setToken } from '../../../lib/auth-token';
import { meQueryKey } from './get-me';

/** `POST /login`: the user in the body, the session token in the `x-token` header. */
export async function login(body: LoginBody): Promise<User> {
  const { data, headers } = await request<User>('/login', { method: 'POST', body, auth: false });
  const token = headers.get('x-token');
  if (token) setToken(token);
  return data;
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      queryClient.setQueriesData({ queryKey: meQueryKey }, user);
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
