-- A day's achievement unlocks make one notification, updated in place as more unlock (issue 36 point 7,
-- decision 239): how many it names. Null on every other notification, and on the per-change unlock
-- notifications written before this, which stay as they are.
ALTER TABLE "notifications" ADD COLUMN "subject_count" integer;
