import { useMutation } from '@tanstack/react-query';
import type { REPORT_REASONS, REPORT_TARGETS } from '@livesports/contracts/content';
import { requestWithMsg } from '@/shared/api/client';
import { report } from '@/shared/api/call-refs';

// POST anchor_dynamics_user/report: a post, comment or headline to the moderators.
export type ReportInput = { type: (typeof REPORT_TARGETS)[number]; id: number; reason: (typeof REPORT_REASONS)[number]; detail: string };

export const useReport = (onSuccess?: (msg: string) => void) => useMutation({ mutationFn: (input: ReportInput) => requestWithMsg(report, input), onSuccess: ({ msg }) => onSuccess?.(msg) });
