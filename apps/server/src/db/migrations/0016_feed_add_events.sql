-- A feed's events for one match, written in one statement (modules/matches/ingest.ts, addEvents):
-- lock the match, skip the events it already has, count the score and cards along the new ones,
-- insert them and update the match. Why one statement: each answer the server waits for is a turn
-- of its event loop, tens of milliseconds under a match-day crowd, and a goal's transaction took
-- three (lock, insert + update, commit) before its pop-up could leave. Returns NULL for an unknown
-- match, else {"match": the match row after the write, "events": the rows inserted, and the rows
-- of its "competition", "season", "home" and "away" team}.
CREATE OR REPLACE FUNCTION "feed_add_events"(p_id integer, p_source text, p_key text, p_events jsonb, p_goal_kinds text[])
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  m "matches";
  e record;
  ev "match_events";
  added jsonb := '[]'::jsonb;
  h integer; a integer; hy integer; ay integer; hr integer; ar integer;
BEGIN
  IF p_id IS NOT NULL THEN
    SELECT * INTO m FROM "matches" WHERE "id" = p_id FOR UPDATE;
  ELSE
    SELECT * INTO m FROM "matches" WHERE "source" = p_source AND "ext_key" = p_key FOR UPDATE;
  END IF;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  h := m.home_score; a := m.away_score;
  hy := m.home_yellow; ay := m.away_yellow; hr := m.home_red; ar := m.away_red;
  FOR e IN
    SELECT * FROM jsonb_to_recordset(p_events) AS x(ext_key text, kind text, side smallint, minute smallint, extra smallint, player text, player2 text, score_home smallint, score_away smallint)
  LOOP
    -- Each statement here reads after the lock: a writer that held it before has committed.
    CONTINUE WHEN EXISTS (SELECT 1 FROM "match_events" WHERE "match_id" = m.id AND "ext_key" = e.ext_key);
    IF e.kind = ANY(p_goal_kinds) THEN
      IF e.score_home IS NOT NULL THEN
        h := e.score_home; a := e.score_away;
      ELSIF e.side = 1 THEN
        h := h + 1;
      ELSE
        a := a + 1;
      END IF;
    END IF;
    IF e.kind = 'yellow' THEN
      IF e.side = 1 THEN hy := hy + 1; ELSE ay := ay + 1; END IF;
    ELSIF e.kind IN ('red', 'yellow_red') THEN
      IF e.side = 1 THEN hr := hr + 1; ELSE ar := ar + 1; END IF;
    END IF;
    INSERT INTO "match_events" ("match_id", "ext_key", "kind", "side", "minute", "extra", "player", "player2", "home_score", "away_score")
      VALUES (m.id, e.ext_key, e.kind, e.side, e.minute, e.extra, e.player, e.player2, h, a)
      ON CONFLICT DO NOTHING
      RETURNING * INTO ev;
    -- Stored meanwhile by another writer: this score would count it twice. It cannot happen today
    -- (any insert of a match's event holds the match row in key-share through its foreign key, so
    -- it and our FOR UPDATE wait for each other); if it ever does, 40001 (serialization failure)
    -- undoes the statement and asks for it to be run again.
    IF NOT FOUND THEN
      RAISE EXCEPTION 'match % events raced', m.id USING ERRCODE = '40001';
    END IF;
    added := added || jsonb_build_array(to_jsonb(ev));
  END LOOP;
  IF jsonb_array_length(added) > 0 THEN
    UPDATE "matches"
      SET "home_score" = h, "away_score" = a, "home_yellow" = hy, "away_yellow" = ay, "home_red" = hr, "away_red" = ar,
          "rev" = "rev" + 1, "updated_at" = now()
      WHERE "id" = m.id
      RETURNING * INTO m;
  END IF;
  -- And what the match's wire row names, read here: a function's statements are planned once per
  -- connection, where a join in the calling statement would be planned on every goal.
  RETURN jsonb_build_object(
    'match', to_jsonb(m),
    'events', added,
    'competition', (SELECT to_jsonb(c) FROM "match_competitions" c WHERE c.id = m.competition_id),
    'season', (SELECT to_jsonb(s) FROM "match_seasons" s WHERE s.id = m.season_id),
    'home', (SELECT to_jsonb(t) FROM "match_teams" t WHERE t.id = m.home_team_id),
    'away', (SELECT to_jsonb(t) FROM "match_teams" t WHERE t.id = m.away_team_id)
  );
END
$$;
