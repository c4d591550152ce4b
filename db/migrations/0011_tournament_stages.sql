ALTER TABLE "tournaments" DROP CONSTRAINT "tournaments_total_rounds_range";--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "stages" jsonb;--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_total_rounds_range" CHECK ("tournaments"."total_rounds" between 1 and 100);