import { useMutation } from '@tanstack/react-query';
import type { PaymentAttempt, PaymentCreate } from '@snowgear/contracts';
import { api } from '@/lib/api-client';

/** Starts (or resumes) paying a bill online; the answer says what the payer does next. */
export function useCreatePayment() {
  return useMutation({
    mutationFn: (input: PaymentCreate) =>
      api.post<PaymentAttempt>('/app/payments', input, { silent: true }),
  });
}
