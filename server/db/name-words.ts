// Where a name splits into words for the suggestions (decision 220): spaces and the punctuation names
// carry (hyphens, apostrophes, dots, brackets). pg_trgm also splits a word at these, so a part of a
// double-barrelled name is a word of its own on both sides: in the column search_people.name_words and
// in what a person types.

/** The separators as a PostgreSQL bracket expression, quoted for a SQL string literal. */
export const nameWordSeparatorsSql = "[[:space:].,()/''’ʼ‐–—-]+";

/** The same separators for JavaScript. */
export const nameWordSeparators = /[\s.,()/'’ʼ‐–—-]+/u;
