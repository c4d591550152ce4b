CREATE TABLE "self_checkins" (
	"tournament_id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "self_checkins" ADD CONSTRAINT "self_checkins_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;