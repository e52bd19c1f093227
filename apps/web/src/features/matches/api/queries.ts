import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request, requestWithMsg } from '@/shared/api/client';
import { toast } from '@/shared/stores/toast';
import { matchesKeys } from './keys';
import {
  allMatch,
  collect,
  companies,
  foresightDetail,
  foresightList,
  foresightPublish,
  foresightPundits,
  getRobot,
  initialList,
  matchDetail,
  matchHeadToHead,
  recommend,
  reserveList,
  reserveMatch,
  reserveMatch2,
  seasonTable,
  teamDetail,
} from '@/shared/api/call-refs';

// Query hooks of the matches pages. Lists are live through the score socket; these fetch the
// starting point and anything the socket does not carry (far fixtures, tables, predictions).

export const competitionsQuery = (type: number, all = 0) => queryOptions({ queryKey: matchesKeys.competitions(type, all), queryFn: () => request(initialList, { type, all }), staleTime: 60_000 });

/** The site's lists ask for list rows (view 'list'): a match page's fields stay on the match page. */
export const allMatchQuery = (filters: Record<string, unknown>) => {
  const input = { view: 'list', ...filters };
  return queryOptions({
    queryKey: matchesKeys.list(input),
    queryFn: () => request(allMatch, input as never),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
};

export const useAllMatch = (input: Record<string, unknown>, enabled = true) => useQuery({ ...allMatchQuery(input), enabled });

export const useRecommend = (type: number, limit = 12) => useQuery({ queryKey: matchesKeys.recommend(type, limit), queryFn: () => request(recommend, { type, limit }), staleTime: 30_000 });

export const useMatchDetail = (id: number) => useQuery({ queryKey: matchesKeys.detail(id), queryFn: () => request(matchDetail, { id }), enabled: id > 0, staleTime: 10_000 });

/** Past meetings and both sides' last five (moves only when a match finishes). */
export const useHeadToHead = (id: number) => useQuery({ queryKey: matchesKeys.headToHead(id), queryFn: () => request(matchHeadToHead, { id }), enabled: id > 0, staleTime: 60_000 });

/** A team page: fixtures, results, record, last five and tables. */
export const useTeam = (id: number) => useQuery({ queryKey: matchesKeys.team(id), queryFn: () => request(teamDetail, { id }), enabled: id > 0, staleTime: 30_000 });

export const useRobot = (id: number, lang: string) => useQuery({ queryKey: matchesKeys.robot(id, lang), queryFn: () => request(getRobot, { match_id: id }), enabled: id > 0 });

export const useSeasonTable = (competitionId: number, seasonId?: number) =>
  useQuery({
    queryKey: matchesKeys.table(competitionId, seasonId ?? 0),
    queryFn: () => request(seasonTable, { competition_id: competitionId, ...(seasonId ? { season_id: seasonId } : {}) }),
    enabled: competitionId > 0,
    staleTime: 30_000,
  });

export const useCompanies = () => useQuery({ queryKey: matchesKeys.companies(), queryFn: () => request(companies, {}), staleTime: 5 * 60_000 });

export const useForesightList = (input: Record<string, unknown>) =>
  useQuery({ queryKey: matchesKeys.foresight(input), queryFn: () => request(foresightList, input as never), placeholderData: keepPreviousData });

export const useForesightDetail = (id: number) => useQuery({ queryKey: matchesKeys.foresightDetail(id), queryFn: () => request(foresightDetail, { id }), enabled: id > 0 });

export const usePundits = () => useQuery({ queryKey: matchesKeys.pundits(), queryFn: () => request(foresightPundits, { limit: 10 }), staleTime: 60_000 });

/** Collect / reserve toggles: the server's message is shown, and every list refetched. */
export function useToggle(kind: 'collect' | 'reserve') {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: { match_id: number; type: number }) => (kind === 'collect' ? requestWithMsg(collect, input) : requestWithMsg(reserveMatch2, input)),
    onSuccess: ({ msg }) => {
      toast.success(msg);
      void qc.invalidateQueries({ queryKey: matchesKeys.all });
    },
  });
}

export function usePublishForesight() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: Record<string, unknown>) => requestWithMsg(foresightPublish, input as never),
    onSuccess: ({ msg }) => {
      toast.success(msg);
      void qc.invalidateQueries({ queryKey: matchesKeys.foresight() });
    },
  });
}

/** The matches the signed-in user reserved (both sports, kick-off order). */
export const useReservedMatches = (enabled: boolean) => useQuery({ queryKey: matchesKeys.reserved(), queryFn: () => request(reserveList, { type: 0 }), enabled, staleTime: 15_000 });

/** Drops a reservation (an explicit cancel, never a toggle): the server's message is shown, lists refetched. */
export function useCancelReserve() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { match_id: number; type: number }) => requestWithMsg(reserveMatch, { ...input, status: 0 }),
    onSuccess: ({ msg }) => {
      toast.success(msg);
      void qc.invalidateQueries({ queryKey: matchesKeys.all });
    },
  });
}
