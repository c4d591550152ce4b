-- Accounts made before usernames compared case-insensitively may differ only in case: the oldest keeps
-- its name and the others get "_<id>" appended, so the unique index below can be built (docs/decisions/008-login-limits.md).
UPDATE "users" AS "u" SET "username" = "u"."username" || '_' || "u"."id"
WHERE EXISTS (SELECT 1 FROM "users" AS "o" WHERE lower("o"."username") = lower("u"."username") AND "o"."id" < "u"."id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_uq" ON "users" USING btree (lower("username"));
