CREATE TABLE "clips" (
	"id" serial PRIMARY KEY NOT NULL,
	"replay_id" integer NOT NULL,
	"room_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"start" double precision NOT NULL,
	"end" double precision NOT NULL,
	"exact" smallint DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"storage_key" text NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"poster" text DEFAULT '' NOT NULL,
	"duration" double precision DEFAULT 0 NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	"article_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "replay_danmaku" (
	"id" serial PRIMARY KEY NOT NULL,
	"replay_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"at" double precision NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "replay_rooms" (
	"room_id" integer PRIMARY KEY NOT NULL,
	"record" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "replay_segments" (
	"replay_id" integer NOT NULL,
	"level" text NOT NULL,
	"seq" integer NOT NULL,
	"part" integer NOT NULL,
	"start" double precision NOT NULL,
	"duration" double precision NOT NULL,
	"bytes" integer NOT NULL,
	"key" text NOT NULL,
	CONSTRAINT "replay_segments_replay_id_level_seq_pk" PRIMARY KEY("replay_id","level","seq")
);
--> statement-breakpoint
CREATE TABLE "replays" (
	"id" serial PRIMARY KEY NOT NULL,
	"room_id" integer NOT NULL,
	"title" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"hidden" smallint DEFAULT 0 NOT NULL,
	"closed" smallint DEFAULT 0 NOT NULL,
	"storage_key" text NOT NULL,
	"levels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"parts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"duration" double precision DEFAULT 0 NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	"poster" text DEFAULT '' NOT NULL,
	"match_id" integer,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "clips" ADD CONSTRAINT "clips_room_id_live_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."live_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replay_danmaku" ADD CONSTRAINT "replay_danmaku_replay_id_replays_id_fk" FOREIGN KEY ("replay_id") REFERENCES "public"."replays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replay_danmaku" ADD CONSTRAINT "replay_danmaku_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replay_rooms" ADD CONSTRAINT "replay_rooms_room_id_live_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."live_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replay_segments" ADD CONSTRAINT "replay_segments_replay_id_replays_id_fk" FOREIGN KEY ("replay_id") REFERENCES "public"."replays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replays" ADD CONSTRAINT "replays_room_id_live_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."live_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clips_replay_idx" ON "clips" USING btree ("replay_id");--> statement-breakpoint
CREATE INDEX "clips_room_idx" ON "clips" USING btree ("room_id","created_at");--> statement-breakpoint
CREATE INDEX "replay_danmaku_idx" ON "replay_danmaku" USING btree ("replay_id","at");--> statement-breakpoint
CREATE INDEX "replays_room_idx" ON "replays" USING btree ("room_id","started_at");--> statement-breakpoint
CREATE INDEX "replays_ended_idx" ON "replays" USING btree ("ended_at");