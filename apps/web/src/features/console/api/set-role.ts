import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@livesports/contracts/call';
import { requestWithMsg } from '@/shared/api/client';
import { toast } from '@/shared/stores/toast';
import { consoleKeys } from './keys';
import { rolesSet } from '@/shared/api/call-refs';

export type SetRoleInput = CallInput<typeof rolesSet>;

// POST api/admin/roles/set: gives or takes back a console role (audited).
export const setRole = (input: SetRoleInput) => requestWithMsg(rolesSet, input);

export function useSetRole(opts: { onSuccess?: () => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setRole,
    onSuccess: ({ msg }) => {
      toast.success(msg);
      void qc.invalidateQueries({ queryKey: consoleKeys.roles() });
      void qc.invalidateQueries({ queryKey: consoleKeys.audit() });
      opts.onSuccess?.();
    },
  });
}
