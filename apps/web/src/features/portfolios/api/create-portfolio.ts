import type { Portfolio } from '@portfolio-master/contract';
import { useMutation, useQueryClient } from '../../../lib/query';
import { upload } from '../../../lib/api-client';

export interface PortfolioUploadInput {
  form: FormData;
  onProgress?: (fraction: number) => void;
}

/** `POST /portfolio/create` (multipart: fields plus files under `images`). */
export async function createPortfolio({ form, onProgress }: PortfolioUploadInput): Promise<Portfolio> {
  return (await upload<Portfolio>('/portfolio/create', form, { onProgress })).data;
}

export function useCreatePortfolio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPortfolio,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['portfolios'] });
      void queryClient.invalidateQueries({ queryKey: ['technologies'] });
      void queryClient.invalidateQueries({ queryKey: ['users'] });
      void queryClient.invalidateQueries({ queryKey: ['user'] });
    },
  });
}
