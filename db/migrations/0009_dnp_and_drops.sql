ALTER TABLE "matches" ALTER COLUMN "placement" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "dnp" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "dropped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "drop_reason" text;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "drop_round" integer;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "drop_lobby_mark" integer;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_dnp_no_placement" CHECK (("matches"."dnp" and "matches"."placement" is null and "matches"."points" = 0) or (not "matches"."dnp" and "matches"."placement" is not null));--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_drop_fields" CHECK (("players"."dropped_at" is null and "players"."drop_reason" is null and "players"."drop_round" is null and "players"."drop_lobby_mark" is null) or ("players"."dropped_at" is not null and char_length("players"."drop_reason") between 1 and 500 and "players"."drop_round" is not null and "players"."drop_lobby_mark" is not null));