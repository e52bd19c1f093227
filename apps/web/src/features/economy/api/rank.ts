import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { RankBoard, RankPeriod } from '@livesports/contracts/economy-rank';
import { request } from '@/shared/api/client';
import { economyKeys } from './keys';
import { tagged } from '@/shared/api/query-tags';
import { leaderboard, roomRanking } from '@/shared/api/call-refs';

// GET api/Rank/getList: popularity (anchors) or generosity (fans) over a period, with the daily series.
export const leaderboardQueryOptions = (board: RankBoard, period: RankPeriod) =>
  queryOptions({ queryKey: economyKeys.rank(board, period), meta: tagged('money'), queryFn: () => request(leaderboard, { board, period }), placeholderData: keepPreviousData, staleTime: 15_000 });
export const useLeaderboard = (board: RankBoard, period: RankPeriod) => useQuery(leaderboardQueryOptions(board, period));

// GET api/Live_streaming/roomRanking: who gave most to one room.
export const useRoomRanking = (roomId: number, period: RankPeriod = 'day') =>
  useQuery({ queryKey: economyKeys.roomRank(roomId, period), meta: tagged('money'), queryFn: () => request(roomRanking, { room_id: roomId, type: period }), staleTime: 10_000 });
