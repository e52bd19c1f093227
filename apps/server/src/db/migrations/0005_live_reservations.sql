DROP INDEX "user_reservations_live_uq";--> statement-breakpoint
DROP INDEX "user_reservations_match_uq";--> statement-breakpoint
ALTER TABLE "user_reservations" ALTER COLUMN "reservation_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "user_reservations" DROP COLUMN "id";--> statement-breakpoint
ALTER TABLE "user_reservations" ADD CONSTRAINT "user_reservations_user_id_reservation_id_pk" PRIMARY KEY("user_id","reservation_id");--> statement-breakpoint
ALTER TABLE "user_reservations" DROP COLUMN "sport";--> statement-breakpoint
ALTER TABLE "user_reservations" DROP COLUMN "match_id";--> statement-breakpoint
ALTER TABLE "user_reservations" DROP COLUMN "home_name";--> statement-breakpoint
ALTER TABLE "user_reservations" DROP COLUMN "away_name";--> statement-breakpoint
ALTER TABLE "user_reservations" DROP COLUMN "league_name";--> statement-breakpoint
ALTER TABLE "user_reservations" DROP COLUMN "start_at";