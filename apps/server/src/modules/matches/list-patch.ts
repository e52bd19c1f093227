import type { MatchRow } from '@livesports/contracts/matches';

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

/** The rows of a list with the message's newer rows in their places; the same array when none is in it. */
export function patchRows(list: MatchRow[], change: unknown): MatchRow[] {
  const byId = change as Map<number, MatchRow>;
  let out: MatchRow[] | undefined;
  for (let i = 0; i < list.length; i++) {
    const next = byId.get(list[i].id);
    // Keep the newer of the two (a message can arrive after a load that already read its change).
    if (!next || next.rev <= list[i].rev) continue;
    out ??= list.slice();
    out[i] = next;
  }
  return out ?? list;
}
