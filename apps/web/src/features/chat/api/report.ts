import { useMutation } from '@tanstack/react-query';
import { reportChat } from '@livesports/contracts/console';
import type { CallInput } from '@livesports/contracts/call';
import { request } from '@/shared/api/client';

export type ReportChatInput = CallInput<typeof reportChat>;

// POST api/report/chat: reports one chat line (room + seq) to the site's moderators.
export const reportChatLine = (input: ReportChatInput) => request(reportChat, input);

export const useReportChatLine = () => useMutation({ mutationFn: reportChatLine });
