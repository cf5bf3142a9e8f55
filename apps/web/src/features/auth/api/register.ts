import type { User } from '@portfolio-master/contract';
import { useMutation, useQueryClient } from '../../../lib/query';
import { upload } from '../../../lib/api-client';
import { setToken } from '../../../lib/auth-token';
import { meQueryKey } from './get-me';

export interface RegisterInput {
  /** The emailed token, sent in the `token` header. */
  token: string;
  form: FormData;
  onProgress?: (fraction: number) => void;
}

/** `POST /register` (multipart, for the optional avatar): signs in with the returned `x-token`. */
export async function register({ token, form, onProgress }: RegisterInput): Promise<User> {
  const { data, headers } = await upload<User>('/register', form, {
    headers: { token },
    auth: false,
    onProgress,
  });
  const session = headers.get('x-token');
  if (session) setToken(session);
  return data;
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => {
      queryClient.setQueriesData({ queryKey: meQueryKey }, user);
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
