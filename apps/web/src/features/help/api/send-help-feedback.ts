import { useMutation } from '@tanstack/react-query';
import type { HelpArticleFeedbackResult } from '@snowgear/contracts';
import { api } from '@/lib/api-client';

export function sendHelpFeedback(id: string, helpful: boolean) {
  return api.post<HelpArticleFeedbackResult>(
    `/app/help/articles/${encodeURIComponent(id)}/feedback`,
    {
      helpful,
    },
  );
}

export function useSendHelpFeedback(id: string) {
  return useMutation({ mutationFn: (helpful: boolean) => sendHelpFeedback(id, helpful) });
}
