// Frozen in time: never edit after it has shipped; add a new migration instead.
//
// Typo matching corrects the query's words against a vocabulary (docs/decisions/200-typo-
// vocabulary.md): search_title_words holds every distinct word of every pin title, folded with
// search_fold, as the words search_doc's full-text index holds them in weight A. A misspelt query
// word finds its nearest vocabulary words on the trigram GiST index (a few hundred thousand rows
// at most, whatever the number of pins), and the corrected words are searched with the full-text
// index, instead of re-checking the trigram similarity of every title that shares a trigram.
//
// - search_title_words_of(title): the words a title contributes: split on anything that is not a
//   letter or digit (as the query's words are), 3 to 40 characters (shorter words are left to the
//   full text; longer ones are not words), and only words that are not English stop words (a stop
//   word has no lexeme in search_doc, so it could never be searched; to_tsvector, unlike
//   to_tsquery, says so without a NOTICE).
// - Kept by triggers: a statement trigger on INSERT (one pass over the new rows, duplicates
//   collapsed, words inserted in order so two single-statement saves adding the same new words
//   cannot deadlock) and a row trigger when a title changes. ON CONFLICT DO NOTHING takes no
//   lock on an existing word, so saves of common words never queue behind each other; only two
//   transactions adding the same new word wait (the second for the first's commit).
// - Words are never removed when a pin is deleted or retitled: a stale word costs one tsquery
//   alternative that matches nothing (ADR 200).
// - Backfill from the distinct titles (1,000,300 pins, 274 distinct titles on the 1M seed: see
//   docs/performance.md for the measured duration).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE search_title_words (word text PRIMARY KEY)`.execute(db);
  await sql`
    CREATE INDEX search_title_words_trgm_idx ON search_title_words
    USING gist (word gist_trgm_ops)`.execute(db);
  await sql`
    CREATE FUNCTION search_title_words_of(title text) RETURNS SETOF text
    LANGUAGE sql STABLE STRICT PARALLEL SAFE
    AS $$ SELECT DISTINCT w FROM regexp_split_to_table(search_fold(title), '[^[:alnum:]]+') AS w
      WHERE char_length(w) BETWEEN 3 AND 40
        AND length(to_tsvector('english'::regconfig, w)) > 0 $$`.execute(db);
  await sql`
    CREATE FUNCTION search_title_words_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO search_title_words (word)
      SELECT DISTINCT w FROM (SELECT DISTINCT title FROM inserted_pins) t,
        LATERAL search_title_words_of(t.title) AS w
      ORDER BY w
      ON CONFLICT DO NOTHING;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER pins_title_words_insert AFTER INSERT ON pins
    REFERENCING NEW TABLE AS inserted_pins
    FOR EACH STATEMENT EXECUTE FUNCTION search_title_words_insert()`.execute(db);
  await sql`
    CREATE FUNCTION search_title_words_update() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO search_title_words (word)
      SELECT w FROM search_title_words_of(NEW.title) AS w ORDER BY w
      ON CONFLICT DO NOTHING;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER pins_title_words_update AFTER UPDATE OF title ON pins
    FOR EACH ROW WHEN (OLD.title IS DISTINCT FROM NEW.title)
    EXECUTE FUNCTION search_title_words_update()`.execute(db);
  await sql`
    INSERT INTO search_title_words (word)
    SELECT DISTINCT w FROM (SELECT DISTINCT title FROM pins) t,
      LATERAL search_title_words_of(t.title) AS w
    ON CONFLICT DO NOTHING`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER pins_title_words_update ON pins`.execute(db);
  await sql`DROP TRIGGER pins_title_words_insert ON pins`.execute(db);
  await sql`DROP FUNCTION search_title_words_update()`.execute(db);
  await sql`DROP FUNCTION search_title_words_insert()`.execute(db);
  await sql`DROP FUNCTION search_title_words_of(text)`.execute(db);
  await sql`DROP TABLE search_title_words`.execute(db);
}
