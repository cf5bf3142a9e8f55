import type { Technology } from '@portfolio-master/contract';
import { queryOptions, useQuery } from '../../../lib/query';
import { apiGet, type ReadContext } from '../../../lib/api-client';

/** `GET /portfolio/technologies`: most used first. */
export function getTechnologies(context?: ReadContext): Promise<Technology[]> {
  return apiGet<Technology[]>('/portfolio/technologies', context);
}

export const technologiesQueryOptions = () =>
  queryOptions({
    queryKey: ['technologies'],
    queryFn: (context) => getTechnologies(context),
    staleTime: 60_000,
  });

export function useTechnologies() {
  return useQuery(technologiesQueryOptions());
}
