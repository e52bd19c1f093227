import type { MatchListRow, MatchRow } from '@livesports/contracts/matches';

/**
 * Score changes rewrite the cached match lists in memory instead of dropping them (issue #14).
 *
 * Every list the pages open (all_match with its filters, recommend, the competition counts) picks
 * and orders its matches by sport, competition, season, kick-off and the status *bucket*
 * (upcoming / in play / finished): never by the score, the minute or the cards. So a row message
 * whose rows all keep their bucket and kick-off changes what those lists show but not which
 * matches they hold or in what order: each list replaces its copies of the rows and keeps
 * everything else. A row that moves bucket (kick-off, full time), changes kick-off, or that this
 * process has never seen (it might belong to a list it is not in) is structural: the lists are
 * dropped and loaded again, as before.
 *
 * The places are learnt only from row messages (every process hears all of them) and once from
 * the database at start — never from what a list load read: a load can already see a change whose
 * message is still on its way, and learning from it would make that message look like a mere
 * score change to the lists loaded before it. Until the start-up read is in, every message counts
 * as structural; when it is in, the lists are dropped once (a list loaded meanwhile may predate a
 * change the read already saw). `rev` grows with every change, so an older row never overwrites
 * a newer place.
 */

type Bucket = 'other' | 'upcoming' | 'live' | 'finished';

export function bucketOf(status: number): Bucket {
  if (status === 1) return 'upcoming';
  if (status >= 2 && status <= 7) return 'live';
  if (status >= 8) return 'finished';
  return 'other';
}

interface Place {
  bucket: Bucket;
  time: number;
  rev: number;
}

export function createListPlaces() {
  const places = new Map<number, Place>();
  let ready = false;

  function learn(r: Pick<MatchRow, 'id' | 'status' | 'match_time' | 'rev'>) {
    const known = places.get(r.id);
    if (known && known.rev > r.rev) return;
    places.set(r.id, { bucket: bucketOf(r.status), time: r.match_time, rev: r.rev });
  }

  return {
    learn,
    /** The start-up read is in: from now on, messages may patch (the caller drops the lists once). */
    ready() {
      ready = true;
    },
    /**
     * True when the message's rows can be patched into the lists: every row is known and keeps
     * its bucket and kick-off. Learns the rows either way.
     */
    inPlace(rows: readonly MatchRow[]): boolean {
      let ok = ready;
      for (const r of rows) {
        const known = places.get(r.id);
        if (!known || known.bucket !== bucketOf(r.status) || known.time !== r.match_time) ok = false;
        learn(r);
      }
      return ok;
    },
    size: () => places.size,
  };
}

/** A full row cut to what a match list shows (all_match `view: 'list'`, matchListRowSchema). */
export function toListRow(r: MatchRow): MatchListRow {
  return {
    id: r.id,
    type: r.type,
    sport: r.sport,
    competition_id: r.competition_id,
    competition_name_zh: r.competition_name_zh,
    competition_name_en: r.competition_name_en,
    competition_name_es: r.competition_name_es,
    competition_short_en: r.competition_short_en,
    competition_color: r.competition_color,
    home_team_id: r.home_team_id,
    away_team_id: r.away_team_id,
    home_team_name_zh: r.home_team_name_zh,
    home_team_name_en: r.home_team_name_en,
    home_team_name_es: r.home_team_name_es,
    home_team_logo: r.home_team_logo,
    away_team_name_zh: r.away_team_name_zh,
    away_team_name_en: r.away_team_name_en,
    away_team_name_es: r.away_team_name_es,
    away_team_logo: r.away_team_logo,
    match_time: r.match_time,
    status: r.status,
    status_str: r.status_str,
    match_str: r.match_str,
    home_score: r.home_score,
    away_score: r.away_score,
    home_half_score: r.home_half_score,
    away_half_score: r.away_half_score,
    home_corner: r.home_corner,
    away_corner: r.away_corner,
    home_red: r.home_red,
    away_red: r.away_red,
    home_yellow: r.home_yellow,
    away_yellow: r.away_yellow,
    home_rank: r.home_rank,
    away_rank: r.away_rank,
    rev: r.rev,
    reserve: r.reserve,
    collect: r.collect,
  };
}

/**
 * The rows of a list with the message's newer rows in their places (cut by `shape` when the list
 * holds list rows); the same array when none is in it.
 */
export function patchRows<R extends MatchListRow>(list: R[], change: unknown, shape?: (r: MatchRow) => R): R[] {
  const byId = change as Map<number, MatchRow>;
  let out: R[] | undefined;
  for (let i = 0; i < list.length; i++) {
    const next = byId.get(list[i].id);
    // Keep the newer of the two (a message can arrive after a load that already read its change).
    if (!next || next.rev <= list[i].rev) continue;
    out ??= list.slice();
    out[i] = shape ? shape(next) : (next as unknown as R);
  }
  return out ?? list;
}
