CREATE TABLE "anchor_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"real_name" text NOT NULL,
	"id_number" text NOT NULL,
	"live_type" smallint NOT NULL,
	"experience" text NOT NULL,
	"contact" text NOT NULL,
	"introduction" text NOT NULL,
	"inviter" text DEFAULT '' NOT NULL,
	"invite_code" text DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"reviewed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"room_id" integer NOT NULL,
	"title" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"peak_viewers" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"room_id" integer NOT NULL,
	"title" text NOT NULL,
	"sport" smallint DEFAULT 0 NOT NULL,
	"match_id" integer,
	"home_name" text DEFAULT '' NOT NULL,
	"away_name" text DEFAULT '' NOT NULL,
	"league_name" text DEFAULT '' NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_rooms" (
	"id" integer PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"type" smallint DEFAULT 4 NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"placard" text DEFAULT '' NOT NULL,
	"stream_key" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"live_since" timestamp with time zone,
	"current_record_id" integer,
	"last_peak" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"reservation_id" integer,
	"sport" smallint DEFAULT 0 NOT NULL,
	"match_id" integer,
	"home_name" text DEFAULT '' NOT NULL,
	"away_name" text DEFAULT '' NOT NULL,
	"league_name" text DEFAULT '' NOT NULL,
	"start_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "anchor_applications" ADD CONSTRAINT "anchor_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_records" ADD CONSTRAINT "live_records_room_id_live_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."live_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_reservations" ADD CONSTRAINT "live_reservations_room_id_live_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."live_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_rooms" ADD CONSTRAINT "live_rooms_id_users_id_fk" FOREIGN KEY ("id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_reservations" ADD CONSTRAINT "user_reservations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_reservations" ADD CONSTRAINT "user_reservations_reservation_id_live_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."live_reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "anchor_applications_user_uq" ON "anchor_applications" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "anchor_applications_status_idx" ON "anchor_applications" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "live_records_room_idx" ON "live_records" USING btree ("room_id","started_at");--> statement-breakpoint
CREATE INDEX "live_reservations_room_idx" ON "live_reservations" USING btree ("room_id","start_at");--> statement-breakpoint
CREATE INDEX "live_reservations_start_idx" ON "live_reservations" USING btree ("start_at");--> statement-breakpoint
CREATE UNIQUE INDEX "live_rooms_stream_key_uq" ON "live_rooms" USING btree ("stream_key");--> statement-breakpoint
CREATE INDEX "live_rooms_status_idx" ON "live_rooms" USING btree ("status","type");--> statement-breakpoint
CREATE UNIQUE INDEX "user_reservations_live_uq" ON "user_reservations" USING btree ("user_id","reservation_id") WHERE "user_reservations"."reservation_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "user_reservations_match_uq" ON "user_reservations" USING btree ("user_id","sport","match_id") WHERE "user_reservations"."match_id" is not null;--> statement-breakpoint
CREATE INDEX "user_reservations_reservation_idx" ON "user_reservations" USING btree ("reservation_id");