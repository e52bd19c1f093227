CREATE TABLE "foresights" (
	"id" serial PRIMARY KEY NOT NULL,
	"match_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"pick" text NOT NULL,
	"line" double precision DEFAULT 0 NOT NULL,
	"odds" double precision NOT NULL,
	"company_id" integer NOT NULL,
	"title" text NOT NULL,
	"analysis" text DEFAULT '' NOT NULL,
	"result" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "match_collects" (
	"user_id" integer NOT NULL,
	"match_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "match_collects_user_id_match_id_pk" PRIMARY KEY("user_id","match_id")
);
--> statement-breakpoint
CREATE TABLE "match_competitions" (
	"id" serial PRIMARY KEY NOT NULL,
	"sport" text NOT NULL,
	"key" text NOT NULL,
	"name_zh" text NOT NULL,
	"name_zht" text NOT NULL,
	"name_en" text NOT NULL,
	"name_es" text NOT NULL,
	"short_en" text DEFAULT '' NOT NULL,
	"logo" text DEFAULT '' NOT NULL,
	"color" text DEFAULT '#3b82f6' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"priority" integer DEFAULT 100 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "match_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"match_id" integer NOT NULL,
	"ext_key" text NOT NULL,
	"kind" text NOT NULL,
	"side" smallint NOT NULL,
	"minute" smallint NOT NULL,
	"extra" smallint DEFAULT 0 NOT NULL,
	"player" text DEFAULT '' NOT NULL,
	"player2" text DEFAULT '' NOT NULL,
	"home_score" smallint NOT NULL,
	"away_score" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "match_odds" (
	"match_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"asia" jsonb NOT NULL,
	"eu" jsonb NOT NULL,
	"bs" jsonb NOT NULL,
	"rev" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "match_odds_match_id_company_id_pk" PRIMARY KEY("match_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "match_odds_companies" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "match_replay_state" (
	"sport" text PRIMARY KEY NOT NULL,
	"cursor" integer DEFAULT 0 NOT NULL,
	"cycle" integer DEFAULT 0 NOT NULL,
	"next_kickoff" timestamp with time zone NOT NULL,
	"owner" text DEFAULT '' NOT NULL,
	"lease_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "match_reservations" (
	"user_id" integer NOT NULL,
	"match_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "match_reservations_user_id_match_id_pk" PRIMARY KEY("user_id","match_id")
);
--> statement-breakpoint
CREATE TABLE "match_seasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"competition_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "match_teams" (
	"id" serial PRIMARY KEY NOT NULL,
	"sport" text NOT NULL,
	"key" text NOT NULL,
	"name_zh" text NOT NULL,
	"name_zht" text NOT NULL,
	"name_en" text NOT NULL,
	"name_es" text NOT NULL,
	"logo" text DEFAULT '' NOT NULL,
	"region" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "matches" (
	"id" serial PRIMARY KEY NOT NULL,
	"sport" text NOT NULL,
	"source" text NOT NULL,
	"ext_key" text NOT NULL,
	"competition_id" integer NOT NULL,
	"season_id" integer NOT NULL,
	"home_team_id" integer NOT NULL,
	"away_team_id" integer NOT NULL,
	"round" text DEFAULT '' NOT NULL,
	"grp" text DEFAULT '' NOT NULL,
	"venue" text DEFAULT '' NOT NULL,
	"kickoff_at" timestamp with time zone NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"match_str" text DEFAULT '' NOT NULL,
	"period_started_at" timestamp with time zone,
	"home_score" smallint DEFAULT 0 NOT NULL,
	"away_score" smallint DEFAULT 0 NOT NULL,
	"home_half" smallint DEFAULT 0 NOT NULL,
	"away_half" smallint DEFAULT 0 NOT NULL,
	"home_corner" smallint DEFAULT 0 NOT NULL,
	"away_corner" smallint DEFAULT 0 NOT NULL,
	"home_red" smallint DEFAULT 0 NOT NULL,
	"away_red" smallint DEFAULT 0 NOT NULL,
	"home_yellow" smallint DEFAULT 0 NOT NULL,
	"away_yellow" smallint DEFAULT 0 NOT NULL,
	"home_penalty" smallint,
	"away_penalty" smallint,
	"home_quarters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"away_quarters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"stats" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"simulated" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"replay_at" integer DEFAULT 0 NOT NULL,
	"rev" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "foresights" ADD CONSTRAINT "foresights_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "foresights" ADD CONSTRAINT "foresights_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_collects" ADD CONSTRAINT "match_collects_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_collects" ADD CONSTRAINT "match_collects_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_events" ADD CONSTRAINT "match_events_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_odds" ADD CONSTRAINT "match_odds_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_reservations" ADD CONSTRAINT "match_reservations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_reservations" ADD CONSTRAINT "match_reservations_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_seasons" ADD CONSTRAINT "match_seasons_competition_id_match_competitions_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."match_competitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_competition_id_match_competitions_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."match_competitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_season_id_match_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."match_seasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_home_team_id_match_teams_id_fk" FOREIGN KEY ("home_team_id") REFERENCES "public"."match_teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_away_team_id_match_teams_id_fk" FOREIGN KEY ("away_team_id") REFERENCES "public"."match_teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "foresights_uq" ON "foresights" USING btree ("match_id","user_id","kind");--> statement-breakpoint
CREATE INDEX "foresights_user_idx" ON "foresights" USING btree ("user_id","result");--> statement-breakpoint
CREATE INDEX "foresights_created_idx" ON "foresights" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "match_competitions_key_uq" ON "match_competitions" USING btree ("sport","key");--> statement-breakpoint
CREATE UNIQUE INDEX "match_events_ext_uq" ON "match_events" USING btree ("match_id","ext_key");--> statement-breakpoint
CREATE INDEX "match_reservations_match_idx" ON "match_reservations" USING btree ("match_id");--> statement-breakpoint
CREATE UNIQUE INDEX "match_seasons_uq" ON "match_seasons" USING btree ("competition_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "match_teams_key_uq" ON "match_teams" USING btree ("sport","key");--> statement-breakpoint
CREATE UNIQUE INDEX "matches_ext_uq" ON "matches" USING btree ("source","ext_key");--> statement-breakpoint
CREATE INDEX "matches_kickoff_idx" ON "matches" USING btree ("kickoff_at");--> statement-breakpoint
CREATE INDEX "matches_status_idx" ON "matches" USING btree ("status","kickoff_at");--> statement-breakpoint
CREATE INDEX "matches_season_idx" ON "matches" USING btree ("season_id","status");--> statement-breakpoint
CREATE INDEX "matches_competition_idx" ON "matches" USING btree ("competition_id","kickoff_at");