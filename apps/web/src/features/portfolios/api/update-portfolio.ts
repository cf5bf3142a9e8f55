import type { Portfolio } from '@portfolio-master/contract';
import { useMutation, useQueryClient } from '../../../lib/query';
import { upload } from '../../../lib/api-client';
import type { PortfolioUploadInput } from './create-portfolio';

/** `PUT /portfolio/update/{id}`: `images` and `keepImages` together describe the new gallery. */
export async function updatePortfolio(id: string, input: PortfolioUploadInput): Promise<Portfolio> {
  return (
    await upload<Portfolio>(`/portfolio/update/${id}`, input.form, {
      method: 'PUT',
      onProgress: input.onProgress,
    })
  ).data;
}

export function useUpdatePortfolio(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PortfolioUploadInput) => updatePortfolio(id, input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['portfolios'] });
      void queryClient.invalidateQueries({ queryKey: ['portfolio'] });
      void queryClient.invalidateQueries({ queryKey: ['technologies'] });
      void queryClient.invalidateQueries({ queryKey: ['user'] });
    },
  });
}
