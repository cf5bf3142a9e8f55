import type { ReportBody, ReportReceipt } from '@portfolio-master/contract';
import { useMutation } from '../../../lib/query';
import { request } from '../../../lib/api-client';

/**
 * `POST /reports`: 201 for a new report, 200 with the same receipt when I already have an open one on
 * the same thing; either way it is with the moderators.
 */
export async function createReport(body: ReportBody): Promise<ReportReceipt> {
  return (await request<ReportReceipt>('/reports', { method: 'POST', body })).data;
}

export function useCreateReport() {
  return useMutation({ mutationFn: createReport });
}
