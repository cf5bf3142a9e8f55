import type { SendVerificationBody } from '@portfolio-master/contract';
import { useMutation } from '../../../lib/query';
import { request } from '../../../lib/api-client';

/** `POST /register/send-verification`: mails the registration link. */
export async function sendVerification(body: SendVerificationBody): Promise<boolean> {
  return (await request<boolean>('/register/send-verification', { method: 'POST', body, auth: false })).data;
}

export function useSendVerification() {
  return useMutation({ mutationFn: sendVerification });
}
