import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleUserSanction } from '@livesports/contracts/console-users';
import type { CallInput } from '@livesports/contracts/call';
import { requestWithMsg } from '@/shared/api/client';
import { consoleKeys } from './keys';

export type SanctionInput = CallInput<typeof consoleUserSanction>;
/** The dialog's form is checked with the call's own schema (same messages as the server). */
export const sanctionInputSchema = consoleUserSanction.input;

// POST api/admin/users/sanction: mute or ban an account for a while or for good, with a reason.
export const sanctionUser = (input: SanctionInput) => requestWithMsg(consoleUserSanction, input);

/** Sanctions, then refreshes everything shown about that user (and the search list's badges). */
export function useSanctionUser({ onSuccess }: { onSuccess?: (msg: string) => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: sanctionUser,
    onSuccess: async ({ msg }) => {
      await qc.invalidateQueries({ queryKey: consoleKeys.users() });
      await qc.invalidateQueries({ queryKey: consoleKeys.audit() });
      onSuccess?.(msg);
    },
  });
}
