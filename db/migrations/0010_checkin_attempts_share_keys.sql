CREATE TABLE "self_checkin_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"tournament_id" integer NOT NULL,
	"address" text NOT NULL,
	"player_id" integer,
	"outcome" text DEFAULT 'pending' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tournament_share_keys" (
	"tournament_id" integer PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"rotated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "login_attempts" ADD COLUMN "device" text;--> statement-breakpoint
ALTER TABLE "self_checkin_attempts" ADD CONSTRAINT "self_checkin_attempts_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_share_keys" ADD CONSTRAINT "tournament_share_keys_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "self_checkin_attempts_tournament_idx" ON "self_checkin_attempts" USING btree ("tournament_id","at");--> statement-breakpoint
CREATE INDEX "self_checkin_attempts_address_idx" ON "self_checkin_attempts" USING btree ("address","at");