import type { User } from '@portfolio-master/contract';
import { useMutation, useQueryClient } from '../../../lib/query';
import { upload } from '../../../lib/api-client';
import { meQueryKey } from '../../auth/api/get-me';

export interface UpdateMeInput {
  form: FormData;
  onProgress?: (fraction: number) => void;
}

/** `PUT /user/me/update` (multipart, for the avatar). */
export async function updateMe({ form, onProgress }: UpdateMeInput): Promise<User> {
  return (await upload<User>('/user/me/update', form, { method: 'PUT', onProgress })).data;
}

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (user) => {
      queryClient.setQueriesData({ queryKey: meQueryKey }, user);
      void queryClient.invalidateQueries({ queryKey: ['user'] });
      void queryClient.invalidateQueries({ queryKey: ['users'] });
      void queryClient.invalidateQueries({ queryKey: ['portfolios'] });
      void queryClient.invalidateQueries({ queryKey: ['portfolio'] });
    },
  });
}
