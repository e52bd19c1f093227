import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallData, CallInput } from '@livesports/contracts/call';
import { requestWithMsg } from '@/shared/api/client';
import { toast } from '@/shared/stores/toast';
import { consoleKeys } from './keys';
import { articleFeature } from '@/shared/api/call-refs';

export type FeatureArticleInput = CallInput<typeof articleFeature>;

// POST api/admin/content/feature: put a headline on the home page, or take it off.
export const featureArticle = (input: FeatureArticleInput) => requestWithMsg(articleFeature, input);

/** Shows the server's message, refreshes the lists it changes, then calls `onSuccess`. */
export function useFeatureArticle(onSuccess?: (data: CallData<typeof articleFeature>) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: featureArticle,
    onSuccess: (r) => {
      toast.success(r.msg);
      void qc.invalidateQueries({ queryKey: consoleKeys.content() });
      void qc.invalidateQueries({ queryKey: consoleKeys.me() });
      onSuccess?.(r.data);
    },
  });
}
