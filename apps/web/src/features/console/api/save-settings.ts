import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallData, CallInput } from '@livesports/contracts/call';
import { requestWithMsg } from '@/shared/api/client';
import { toast } from '@/shared/stores/toast';
import { consoleKeys } from './keys';
import { settingsSave } from '@/shared/api/call-refs';

export type SaveSettingsInput = CallInput<typeof settingsSave>;

// POST api/admin/settings/save: any of the site settings.
export const saveSettings = (input: SaveSettingsInput) => requestWithMsg(settingsSave, input);

/** Shows the server's message, refreshes the lists it changes, then calls `onSuccess`. */
export function useSaveSettings(onSuccess?: (data: CallData<typeof settingsSave>) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveSettings,
    onSuccess: (r) => {
      toast.success(r.msg);
      void qc.invalidateQueries({ queryKey: consoleKeys.settings() });
      void qc.invalidateQueries({ queryKey: consoleKeys.me() });
      onSuccess?.(r.data);
    },
  });
}
