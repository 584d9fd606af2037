-- The profile status takes one of the contract's values (decision 170): a free text that is none of them is dropped, and the open_to_work flag becomes the 'open_to_work' status.
UPDATE "profiles" SET "profile_status" = NULL WHERE "profile_status" NOT IN ('open_to_work', 'hiring', 'providing_services', 'not_looking');--> statement-breakpoint
UPDATE "profiles" SET "profile_status" = 'open_to_work' WHERE "open_to_work" AND "profile_status" IS NULL;--> statement-breakpoint
ALTER TABLE "profiles" DROP COLUMN "open_to_work";
