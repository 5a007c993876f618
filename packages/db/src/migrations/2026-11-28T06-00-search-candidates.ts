// Frozen in time: never edit after it has shipped; add a new migration instead.
//
// Search ranks a bounded candidate set (docs/decisions/193-search-candidates.md): the newest
// matching pins (walking pins_pkey backwards) and the most-saved matching pins, walking this
// index. Partial: only pins saved again at least once, so it stays small (most pins never are)
// and a never-saved pin costs nothing to keep here. At 1,000,300 pins (the 1M seed, almost none
// saved) it is built in about a second: a scan of the table, no sort to speak of.
//
// search_fold(text) gets an ASCII fast path: a text without a multibyte character is only
// lower-cased (translate() and replace() change nothing in it), which is what the old body
// answers for it, so every stored search_doc and every index over search_fold stays valid.
// translate() over the accent table cost ~130 µs a title on the shared machine, and typo
// matching folds every title it tests (docs/decisions/193). Non-ASCII text takes the old path.
import { sql, type Kysely } from 'kysely';

// The table of 2026-11-23T14-00-search, copied (migrations are frozen, so they share nothing).
const ACCENTED =
  'ÀÁÂÃÄÅĀĂĄàáâãäåāăąÇĆĈĊČçćĉċčĎĐďđÈÉÊËĒĔĖĘĚèéêëēĕėęěĜĞĠĢĝğġģĤĦĥħÌÍÎÏĨĪĬĮİìíîïĩīĭįıĴĵĶķĹĻĽĿŁĺļľŀłÑŃŅŇñńņňÒÓÔÕÖØŌŎŐòóôõöøōŏőŔŖŘŕŗřŚŜŞŠśŝşšŢŤŦţťŧÙÚÛÜŨŪŬŮŰŲùúûüũūŭůűųŴŵÝŸŶýÿŷŹŻŽźżž';
const PLAIN =
  'AAAAAAAAAaaaaaaaaaCCCCCcccccDDddEEEEEEEEEeeeeeeeeeGGGGggggHHhhIIIIIIIIIiiiiiiiiiJjKkLLLLLlllllNNNNnnnnOOOOOOOOOoooooooooRRRrrrSSSSssssTTTtttUUUUUUUUUUuuuuuuuuuuWwYYYyyyZZZzzz';

const SLOW_FOLD = sql`lower(replace(replace(replace(replace(translate(value, ${sql.lit(ACCENTED)}, ${sql.lit(PLAIN)}),
      'ß', 'ss'), 'Æ', 'AE'), 'æ', 'ae'), 'œ', 'oe'))`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX pins_saved_idx ON pins (save_count DESC, id DESC) WHERE save_count > 0`.execute(
    db,
  );
  await sql`
    CREATE OR REPLACE FUNCTION search_fold(value text) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS $$ SELECT CASE WHEN octet_length(value) = char_length(value) THEN lower(value)
      ELSE ${SLOW_FOLD} END $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION search_fold(value text) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS $$ SELECT ${SLOW_FOLD} $$`.execute(db);
  await sql`DROP INDEX IF EXISTS pins_saved_idx`.execute(db);
}
