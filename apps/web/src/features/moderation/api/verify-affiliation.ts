import type { User } from '@portfolio-master/contract';
import { useMutation, useQueryClient } from '../../../lib/query';
import { request } from '../../../lib/api-client';

/**
 * An admin marks the affiliation a person states verified, or removes the mark (decision 39): the profile
 * read before, the lists of people and the log are read again.
 */
export function useVerifyAffiliation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, verified }: { userId: string; verified: boolean }) =>
      (
        await request<User>(`/admin/users/${encodeURIComponent(userId)}/affiliation/verified`, {
          method: verified ? 'PUT' : 'DELETE',
        })
      ).data,
    onSuccess: () => {
      for (const key of ['admin', 'user', 'users', 'people']) {
        void queryClient.invalidateQueries({ queryKey: [key] });
      }
    },
  });
}
