// Search's public face (server/README.md): what finding openings on /jobs (server/jobs/search.ts,
// decision 269) shares with people search, so the two read words, spellings and typos alike and
// bound their cost the same way.
export { folded, likeEscape, rowsOf, shortestFuzzyWord, withThreshold, wordsOf } from './search-sql.ts';
