CREATE TABLE "player_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"tournament_id" integer NOT NULL,
	"lobby_id" integer NOT NULL,
	"round_number" integer NOT NULL,
	"reporter_id" integer NOT NULL,
	"kind" text NOT NULL,
	"placements" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "signup_settings" ADD COLUMN "save_agreed_reports" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "player_reports" ADD CONSTRAINT "player_reports_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_reports" ADD CONSTRAINT "player_reports_lobby_id_lobbies_id_fk" FOREIGN KEY ("lobby_id") REFERENCES "public"."lobbies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_reports" ADD CONSTRAINT "player_reports_reporter_id_players_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "player_reports_lobby_reporter_uq" ON "player_reports" USING btree ("lobby_id","reporter_id");--> statement-breakpoint
CREATE INDEX "player_reports_tournament_round_idx" ON "player_reports" USING btree ("tournament_id","round_number");