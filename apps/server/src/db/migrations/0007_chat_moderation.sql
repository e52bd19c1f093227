CREATE TABLE "chat_direct" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"from_user" integer NOT NULL,
	"to_user" integer NOT NULL,
	"cloud_type" smallint NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_keywords" (
	"room_id" integer NOT NULL,
	"word" text NOT NULL,
	CONSTRAINT "chat_keywords_room_id_word_pk" PRIMARY KEY("room_id","word")
);
--> statement-breakpoint
CREATE TABLE "chat_mod_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"room_id" integer NOT NULL,
	"actor_id" integer NOT NULL,
	"target_id" integer,
	"action" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_room_admins" (
	"room_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_room_admins_room_id_user_id_pk" PRIMARY KEY("room_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "chat_sanctions" (
	"room_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"actor_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_sanctions_room_id_user_id_kind_pk" PRIMARY KEY("room_id","user_id","kind")
);
--> statement-breakpoint
CREATE TABLE "horns" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"nick" text NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"noble" text,
	"room_id" integer,
	"text" text NOT NULL,
	"free" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "ext" jsonb;--> statement-breakpoint
CREATE INDEX "chat_direct_to" ON "chat_direct" USING btree ("to_user","id");--> statement-breakpoint
CREATE INDEX "chat_direct_from" ON "chat_direct" USING btree ("from_user","id");--> statement-breakpoint
CREATE INDEX "chat_mod_log_room" ON "chat_mod_log" USING btree ("room_id","id");--> statement-breakpoint
CREATE INDEX "chat_room_admins_user" ON "chat_room_admins" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "horns_created" ON "horns" USING btree ("created_at");