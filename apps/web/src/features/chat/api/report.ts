import { useMutation } from '@tanstack/react-query';
import type { CallInput } from '@livesports/contracts/call';
import { request } from '@/shared/api/client';
import { reportChat } from '@/shared/api/call-refs';

export type ReportChatInput = CallInput<typeof reportChat>;

// POST api/report/chat: reports one chat line (room + seq) to the site's moderators.
export const reportChatLine = (input: ReportChatInput) => request(reportChat, input);

export const useReportChatLine = () => useMutation({ mutationFn: reportChatLine });
