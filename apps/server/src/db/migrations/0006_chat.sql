CREATE TABLE "chat_groups" (
	"id" integer PRIMARY KEY NOT NULL,
	"last_seq" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"group_id" integer NOT NULL,
	"seq" bigint NOT NULL,
	"from_identifier" text NOT NULL,
	"nick" text NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_messages_group_id_seq_pk" PRIMARY KEY("group_id","seq")
);
