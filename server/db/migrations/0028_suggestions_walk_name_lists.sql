-- The suggestions walk each typed word's list of people in search_name_people side by side (decision
-- 224): nothing reads the name words through this index any more, and every write of a name kept it.
DROP INDEX "search_people_name_words_idx";
