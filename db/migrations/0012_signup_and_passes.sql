CREATE TABLE "lobby_details" (
	"lobby_id" integer PRIMARY KEY NOT NULL,
	"password" text,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pass_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"tournament_id" integer NOT NULL,
	"player_id" integer,
	"name" text NOT NULL,
	"riot_tag" text NOT NULL,
	"status" text DEFAULT 'registered' NOT NULL,
	"via" text DEFAULT 'direct' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"pass_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signup_settings" (
	"tournament_id" integer PRIMARY KEY NOT NULL,
	"is_open" boolean DEFAULT false NOT NULL,
	"require_approval" boolean DEFAULT false NOT NULL,
	"waitlist_cap" integer DEFAULT 64 NOT NULL,
	"starts_at" timestamp with time zone,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"checkin_opens_before" integer DEFAULT 60 NOT NULL,
	"checkin_closes_before" integer DEFAULT 10 NOT NULL,
	"lobby_host_rule" text DEFAULT 'top-seed' NOT NULL,
	CONSTRAINT "signup_waitlist_cap_range" CHECK ("signup_settings"."waitlist_cap" between 0 and 1024),
	CONSTRAINT "signup_checkin_window" CHECK ("signup_settings"."checkin_opens_before" between 1 and 1440 and "signup_settings"."checkin_closes_before" between 0 and "signup_settings"."checkin_opens_before" - 1)
);
--> statement-breakpoint
ALTER TABLE "lobby_details" ADD CONSTRAINT "lobby_details_lobby_id_lobbies_id_fk" FOREIGN KEY ("lobby_id") REFERENCES "public"."lobbies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signup_settings" ADD CONSTRAINT "signup_settings_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pass_attempts_address_idx" ON "pass_attempts" USING btree ("address","at");--> statement-breakpoint
CREATE INDEX "registrations_tournament_idx" ON "registrations" USING btree ("tournament_id","status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "registrations_pass_hash_uq" ON "registrations" USING btree ("pass_hash");--> statement-breakpoint
CREATE INDEX "registrations_player_idx" ON "registrations" USING btree ("player_id");