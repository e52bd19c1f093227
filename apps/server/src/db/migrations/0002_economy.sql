CREATE TABLE "backpack_items" (
	"user_id" integer NOT NULL,
	"gift_id" integer NOT NULL,
	"num" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "backpack_items_user_id_gift_id_pk" PRIMARY KEY("user_id","gift_id"),
	CONSTRAINT "backpack_num_nonnegative" CHECK ("backpack_items"."num" >= 0)
);
--> statement-breakpoint
CREATE TABLE "check_ins" (
	"user_id" integer NOT NULL,
	"day" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "check_ins_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "gift_sends" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"op_id" bigint,
	"sender_id" integer NOT NULL,
	"room_id" integer NOT NULL,
	"gift_id" integer NOT NULL,
	"num" integer NOT NULL,
	"total" bigint NOT NULL,
	"source" text NOT NULL,
	"combo" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"name_es" text NOT NULL,
	"price" bigint NOT NULL,
	"image" text NOT NULL,
	"animation" text DEFAULT 'float' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"active" smallint DEFAULT 1 NOT NULL,
	CONSTRAINT "gifts_price_positive" CHECK ("gifts"."price" > 0)
);
--> statement-breakpoint
CREATE TABLE "invite_pool" (
	"id" smallint PRIMARY KEY NOT NULL,
	"cap" bigint NOT NULL,
	"granted" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "invite_pool_within_cap" CHECK ("invite_pool"."granted" >= 0 and "invite_pool"."granted" <= "invite_pool"."cap")
);
--> statement-breakpoint
CREATE TABLE "invite_rewards" (
	"user_id" integer NOT NULL,
	"reward" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invite_rewards_user_id_reward_pk" PRIMARY KEY("user_id","reward")
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"op_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"from_user_id" integer,
	"from_account" text NOT NULL,
	"to_user_id" integer,
	"to_account" text NOT NULL,
	"amount" bigint NOT NULL,
	"from_balance_after" bigint,
	"to_balance_after" bigint,
	"room_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_amount_positive" CHECK ("ledger_entries"."amount" > 0),
	CONSTRAINT "ledger_user_side" CHECK (("ledger_entries"."from_user_id" is null) = ("ledger_entries"."from_account" not in ('consumption','income')) and ("ledger_entries"."to_user_id" is null) = ("ledger_entries"."to_account" not in ('consumption','income')))
);
--> statement-breakpoint
CREATE TABLE "ledger_ops" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer NOT NULL,
	"idem_key" text,
	"fingerprint" text,
	"result" jsonb,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "noble_memberships" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"tier" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"horn_month" text DEFAULT '' NOT NULL,
	"horns_used" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pay_password_attempts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"order_no" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"holder" text NOT NULL,
	"account" text NOT NULL,
	"bank_name" text DEFAULT '' NOT NULL,
	"branch" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_accounts_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
CREATE TABLE "recharge_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"user_id" integer NOT NULL,
	"rule_id" integer NOT NULL,
	"coins" bigint NOT NULL,
	"money" bigint NOT NULL,
	"currency" text NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_ref" text,
	"op_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "room_guards" (
	"user_id" integer NOT NULL,
	"room_id" integer NOT NULL,
	"level" smallint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "room_guards_user_id_room_id_pk" PRIMARY KEY("user_id","room_id")
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"method" smallint NOT NULL,
	"money" bigint NOT NULL,
	"payout" bigint NOT NULL,
	"holder" text NOT NULL,
	"account" text NOT NULL,
	"bank_name" text DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"op_id" bigint,
	"reviewed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "withdrawals_money_positive" CHECK ("withdrawals"."money" > 0)
);
--> statement-breakpoint
ALTER TABLE "backpack_items" ADD CONSTRAINT "backpack_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backpack_items" ADD CONSTRAINT "backpack_items_gift_id_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."gifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_sends" ADD CONSTRAINT "gift_sends_op_id_ledger_ops_id_fk" FOREIGN KEY ("op_id") REFERENCES "public"."ledger_ops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_rewards" ADD CONSTRAINT "invite_rewards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_op_id_ledger_ops_id_fk" FOREIGN KEY ("op_id") REFERENCES "public"."ledger_ops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "noble_memberships" ADD CONSTRAINT "noble_memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_password_attempts" ADD CONSTRAINT "pay_password_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharge_orders" ADD CONSTRAINT "recharge_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_guards" ADD CONSTRAINT "room_guards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_sends_combo_idx" ON "gift_sends" USING btree ("sender_id","room_id","gift_id","created_at");--> statement-breakpoint
CREATE INDEX "gift_sends_room_idx" ON "gift_sends" USING btree ("room_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "gifts_code_uq" ON "gifts" USING btree ("code");--> statement-breakpoint
CREATE INDEX "ledger_from_user_idx" ON "ledger_entries" USING btree ("from_user_id","id");--> statement-breakpoint
CREATE INDEX "ledger_to_user_idx" ON "ledger_entries" USING btree ("to_user_id","id");--> statement-breakpoint
CREATE INDEX "ledger_kind_time_idx" ON "ledger_entries" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "ledger_room_time_idx" ON "ledger_entries" USING btree ("room_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_op_idx" ON "ledger_entries" USING btree ("op_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_ops_idem_uq" ON "ledger_ops" USING btree ("user_id","idem_key");--> statement-breakpoint
CREATE UNIQUE INDEX "recharge_orders_no_uq" ON "recharge_orders" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "recharge_orders_user_idx" ON "recharge_orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "room_guards_room_idx" ON "room_guards" USING btree ("room_id","expires_at");--> statement-breakpoint
CREATE INDEX "withdrawals_user_idx" ON "withdrawals" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "withdrawals_status_idx" ON "withdrawals" USING btree ("status","id");