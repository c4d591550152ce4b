-- Staff of a tournament: accounts the owner lets check players in and save scores (docs/rules.md, "Staff").
CREATE TABLE "tournament_staff" (
	"id" serial PRIMARY KEY NOT NULL,
	"tournament_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text DEFAULT 'scorekeeper' NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tournament_staff" ADD CONSTRAINT "tournament_staff_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_staff" ADD CONSTRAINT "tournament_staff_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tournament_staff_tournament_user_uq" ON "tournament_staff" USING btree ("tournament_id","user_id");--> statement-breakpoint
CREATE INDEX "tournament_staff_user_idx" ON "tournament_staff" USING btree ("user_id");