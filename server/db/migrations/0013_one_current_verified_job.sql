-- One open-ended verified employment per person and company (issue 24, decision 166). Joining again
-- used to add a second job; each such pair is merged into the row with the most data: the other's
-- review rounds, documents, events and notifications move onto it, its blanks are filled from the
-- other, the earlier start date wins, and the duplicate goes.
-- A confirmation is recorded as 'Confirmed by the company', not as a hire (decision 167).
UPDATE employment_events ev SET kind = 'confirmed' FROM company_employments e WHERE ev.employment_id = e.id AND e.source = 'confirmation' AND ev.kind = 'hired';
--> statement-breakpoint
CREATE TEMPORARY TABLE "verified_job_merges" AS
WITH "open_rows" AS (
  SELECT e.id, e.company_id, e.user_id, e.start_date,
    (e.position IS NOT NULL)::int + (e.team_id IS NOT NULL)::int + (e.reviewer_member_id IS NOT NULL)::int
    + (e.employment_id IS NOT NULL)::int + (e.experience_description IS NOT NULL)::int
    + (jsonb_array_length(e.technical_skills) > 0)::int + (e.final_feedback IS NOT NULL)::int
    + (SELECT count(*) FROM employment_reviews r WHERE r.employment_id = e.id)::int
    + (SELECT count(*) FROM career_documents d WHERE d.company_employment_id = e.id)::int AS richness
  FROM company_employments e
  WHERE e.leaves_on IS NULL AND e.planned_termination IS NULL
), "ranked" AS (
  SELECT id, company_id, user_id, row_number() OVER (PARTITION BY company_id, user_id ORDER BY richness DESC, start_date ASC, id ASC) AS place
  FROM open_rows
)
SELECT d.id AS duplicate_id, k.id AS keeper_id, d.place
FROM ranked d JOIN ranked k ON k.company_id = d.company_id AND k.user_id = d.user_id AND k.place = 1
WHERE d.place > 1;
--> statement-breakpoint
-- One duplicate at a time (in rank order), so a keeper with several duplicates takes every one's data.
DO $$
DECLARE m record;
BEGIN
  FOR m IN SELECT * FROM verified_job_merges ORDER BY place LOOP
    UPDATE company_employments k SET
      position = coalesce(k.position, d.position),
      team_id = coalesce(k.team_id, d.team_id),
      reviewer_member_id = coalesce(k.reviewer_member_id, d.reviewer_member_id),
      employment_id = coalesce(k.employment_id, d.employment_id),
      experience_description = coalesce(k.experience_description, d.experience_description),
      technical_skills = CASE WHEN jsonb_array_length(k.technical_skills) = 0 THEN d.technical_skills ELSE k.technical_skills END,
      final_feedback = coalesce(k.final_feedback, d.final_feedback),
      collaboration_assessment = coalesce(k.collaboration_assessment, d.collaboration_assessment),
      final_feedback_at = coalesce(k.final_feedback_at, d.final_feedback_at),
      start_date = least(k.start_date, d.start_date),
      updated_at = now()
    FROM company_employments d
    WHERE k.id = m.keeper_id AND d.id = m.duplicate_id;
    UPDATE employment_reviews SET employment_id = m.keeper_id WHERE employment_id = m.duplicate_id;
    UPDATE career_documents SET company_employment_id = m.keeper_id WHERE company_employment_id = m.duplicate_id;
    UPDATE employment_events SET employment_id = m.keeper_id WHERE employment_id = m.duplicate_id;
    UPDATE notifications SET subject_id = m.keeper_id WHERE subject_type IN ('employment', 'review') AND subject_id = m.duplicate_id;
    DELETE FROM company_employments WHERE id = m.duplicate_id;
  END LOOP;
END $$;
--> statement-breakpoint
DROP TABLE "verified_job_merges";
--> statement-breakpoint
CREATE UNIQUE INDEX "company_employments_one_open_key" ON "company_employments" USING btree ("company_id","user_id") WHERE leaves_on is null and planned_termination is null;
