import type { Technology } from '@portfolio-master/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** `GET /portfolio/technologies`: most used first. */
export function getTechnologies(signal?: AbortSignal): Promise<Technology[]> {
  return apiGet<Technology[]>('/portfolio/technologies', signal);
}

export const technologiesQueryOptions = () =>
  queryOptions({
    queryKey: ['technologies'],
    queryFn: ({ signal }) => getTechnologies(signal),
    staleTime: 60_000,
  });

export function useTechnologies() {
  return useQuery(technologiesQueryOptions());
}
