import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleUserLift } from '@livesports/contracts/console-users';
import type { CallInput } from '@livesports/contracts/call';
import { requestWithMsg } from '@/shared/api/client';
import { consoleKeys } from './keys';

export type LiftInput = CallInput<typeof consoleUserLift>;
export const liftInputSchema = consoleUserLift.input;

// POST api/admin/users/lift: ends a running mute or ban early (a ban: administrators only).
export const liftSanction = (input: LiftInput) => requestWithMsg(consoleUserLift, input);

export function useLiftSanction({ onSuccess }: { onSuccess?: (msg: string) => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: liftSanction,
    onSuccess: async ({ msg }) => {
      await qc.invalidateQueries({ queryKey: consoleKeys.users() });
      await qc.invalidateQueries({ queryKey: consoleKeys.audit() });
      onSuccess?.(msg);
    },
  });
}
