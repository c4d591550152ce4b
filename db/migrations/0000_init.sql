CREATE TABLE "lobbies" (
	"id" serial PRIMARY KEY NOT NULL,
	"tournament_id" integer NOT NULL,
	"round_number" integer NOT NULL,
	"name" text NOT NULL,
	"player_ids" jsonb NOT NULL,
	"is_complete" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"address" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "matches" (
	"id" serial PRIMARY KEY NOT NULL,
	"tournament_id" integer NOT NULL,
	"lobby_id" integer NOT NULL,
	"round_number" integer NOT NULL,
	"player_id" integer NOT NULL,
	"placement" integer NOT NULL,
	"points" double precision NOT NULL,
	CONSTRAINT "matches_placement_range" CHECK ("matches"."placement" between 1 and 8)
);
--> statement-breakpoint
CREATE TABLE "players" (
	"id" serial PRIMARY KEY NOT NULL,
	"tournament_id" integer NOT NULL,
	"name" text NOT NULL,
	"riot_tag" text NOT NULL,
	"lp" integer DEFAULT 0 NOT NULL,
	"total_points" double precision DEFAULT 0 NOT NULL,
	"matches_played" integer DEFAULT 0 NOT NULL,
	"average_placement" double precision DEFAULT 0 NOT NULL,
	"is_eliminated" boolean DEFAULT false NOT NULL,
	"is_checked_in" boolean DEFAULT false NOT NULL,
	"seed" integer,
	"removed_at" timestamp with time zone,
	"adjust_points" double precision DEFAULT 0 NOT NULL,
	"adjust_matches" integer DEFAULT 0 NOT NULL,
	"adjust_average" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "players_lp_min" CHECK ("players"."lp" >= 0),
	CONSTRAINT "players_name_length" CHECK (char_length("players"."name") between 1 and 50),
	CONSTRAINT "players_tag_length" CHECK (char_length("players"."riot_tag") between 1 and 20),
	CONSTRAINT "players_average_range" CHECK ("players"."average_placement" between 0 and 8)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "tournaments" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"format" text DEFAULT 'standard' NOT NULL,
	"lobby_method" text DEFAULT 'snake' NOT NULL,
	"max_players" integer NOT NULL,
	"total_rounds" integer NOT NULL,
	"current_round" integer DEFAULT 1 NOT NULL,
	"finalized_round" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'setup' NOT NULL,
	"is_locked" boolean DEFAULT false NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"scoring" jsonb NOT NULL,
	"owner_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tournaments_max_players_range" CHECK ("tournaments"."max_players" between 4 and 256),
	CONSTRAINT "tournaments_total_rounds_range" CHECK ("tournaments"."total_rounds" between 1 and 10),
	CONSTRAINT "tournaments_current_round_min" CHECK ("tournaments"."current_round" >= 1)
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password" text NOT NULL,
	"role" text DEFAULT 'user' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_username_unique" UNIQUE("username")
);
--> statement-breakpoint
ALTER TABLE "lobbies" ADD CONSTRAINT "lobbies_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_lobby_id_lobbies_id_fk" FOREIGN KEY ("lobby_id") REFERENCES "public"."lobbies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lobbies_tournament_round_idx" ON "lobbies" USING btree ("tournament_id","round_number");--> statement-breakpoint
CREATE UNIQUE INDEX "lobbies_tournament_round_name_uq" ON "lobbies" USING btree ("tournament_id","round_number","name");--> statement-breakpoint
CREATE INDEX "login_attempts_username_idx" ON "login_attempts" USING btree ("username","at");--> statement-breakpoint
CREATE INDEX "login_attempts_address_idx" ON "login_attempts" USING btree ("address","at");--> statement-breakpoint
CREATE INDEX "matches_tournament_idx" ON "matches" USING btree ("tournament_id");--> statement-breakpoint
CREATE UNIQUE INDEX "matches_lobby_player_uq" ON "matches" USING btree ("lobby_id","player_id");--> statement-breakpoint
CREATE UNIQUE INDEX "matches_lobby_placement_uq" ON "matches" USING btree ("lobby_id","placement");--> statement-breakpoint
CREATE INDEX "players_tournament_idx" ON "players" USING btree ("tournament_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "tournaments_owner_idx" ON "tournaments" USING btree ("owner_id");