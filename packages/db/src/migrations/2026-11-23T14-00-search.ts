// Frozen in time: never edit after it has shipped; add a new migration instead.
//
// Search relevance (docs/decisions/070-search-relevance.md):
// - search_fold(text): lower case and accents removed, IMMUTABLE so generated columns and
//   expression indexes can use it. A translate() table rather than the unaccent extension, so the
//   same SQL runs on PGlite and on any PostgreSQL without installing a dictionary.
// - pins.search_doc / boards.search_doc: the folded, English-stemmed full-text documents (title or
//   name weighted A, description B) that ts_rank scores.
// - trigram indexes over the folded title, board name and person's names for typo tolerance.
// - pins.save_count: how often a pin was saved again (repins), kept by a trigger so ranking never
//   counts at query time.
// - search_color_family(hex): the colour family a dominant colour belongs to (the colors filter).
// - pin_products: a pin's product offer (price, currency, availability) read from its page's
//   structured data; a pin with a row here is a buyable pin.
import { sql, type Kysely } from 'kysely';

const ACCENTED =
  'ÀÁÂÃÄÅĀĂĄàáâãäåāăąÇĆĈĊČçćĉċčĎĐďđÈÉÊËĒĔĖĘĚèéêëēĕėęěĜĞĠĢĝğġģĤĦĥħÌÍÎÏĨĪĬĮİìíîïĩīĭįıĴĵĶķĹĻĽĿŁĺļľŀłÑŃŅŇñńņňÒÓÔÕÖØŌŎŐòóôõöøōŏőŔŖŘŕŗřŚŜŞŠśŝşšŢŤŦţťŧÙÚÛÜŨŪŬŮŰŲùúûüũūŭůűųŴŵÝŸŶýÿŷŹŻŽźżž';
const PLAIN =
  'AAAAAAAAAaaaaaaaaaCCCCCcccccDDddEEEEEEEEEeeeeeeeeeGGGGggggHHhhIIIIIIIIIiiiiiiiiiJjKkLLLLLlllllNNNNnnnnOOOOOOOOOoooooooooRRRrrrSSSSssssTTTtttUUUUUUUUUUuuuuuuuuuuWwYYYyyyZZZzzz';

export async function up(db: Kysely<unknown>): Promise<void> {
  if ([...ACCENTED].length !== PLAIN.length) throw new Error('search_fold table is uneven');
  await sql`
    CREATE FUNCTION search_fold(value text) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS $$ SELECT lower(replace(replace(replace(replace(translate(value, ${sql.lit(ACCENTED)}, ${sql.lit(PLAIN)}),
      'ß', 'ss'), 'Æ', 'AE'), 'æ', 'ae'), 'œ', 'oe')) $$`.execute(db);

  await sql`
    ALTER TABLE pins ADD COLUMN search_doc tsvector GENERATED ALWAYS AS (
      setweight(to_tsvector('english'::regconfig, search_fold(coalesce(title, ''))), 'A') ||
      setweight(to_tsvector('english'::regconfig, search_fold(coalesce(description, ''))), 'B')
    ) STORED`.execute(db);
  await sql`CREATE INDEX pins_search_doc_idx ON pins USING gin (search_doc)`.execute(db);
  await sql`CREATE INDEX pins_title_fold_trgm_idx ON pins USING gin (search_fold(title) gin_trgm_ops)`.execute(
    db,
  );

  await sql`
    ALTER TABLE boards ADD COLUMN search_doc tsvector GENERATED ALWAYS AS (
      setweight(to_tsvector('english'::regconfig, search_fold(coalesce(name, ''))), 'A') ||
      setweight(to_tsvector('english'::regconfig, search_fold(coalesce(description, ''))), 'B')
    ) STORED`.execute(db);
  await sql`CREATE INDEX boards_search_doc_idx ON boards USING gin (search_doc)`.execute(db);
  await sql`CREATE INDEX boards_name_fold_trgm_idx ON boards USING gin (search_fold(name) gin_trgm_ops)`.execute(
    db,
  );

  await sql`
    CREATE INDEX users_search_trgm_idx ON users
    USING gin (search_fold(username || ' ' || first_name || ' ' || last_name) gin_trgm_ops)`.execute(
    db,
  );

  await sql`ALTER TABLE pins ADD COLUMN save_count integer NOT NULL DEFAULT 0`.execute(db);
  await sql`CREATE INDEX pins_repin_of_idx ON pins (repin_of_id) WHERE repin_of_id IS NOT NULL`.execute(
    db,
  );
  await sql`
    UPDATE pins p SET save_count = r.n
    FROM (SELECT repin_of_id AS id, count(*)::int AS n FROM pins
          WHERE repin_of_id IS NOT NULL GROUP BY repin_of_id) r
    WHERE p.id = r.id`.execute(db);
  await sql`
    CREATE FUNCTION pins_save_count_sync() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('DELETE', 'UPDATE') AND OLD.repin_of_id IS NOT NULL THEN
        UPDATE pins SET save_count = greatest(save_count - 1, 0) WHERE id = OLD.repin_of_id;
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.repin_of_id IS NOT NULL THEN
        UPDATE pins SET save_count = save_count + 1 WHERE id = NEW.repin_of_id;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER pins_save_count_insert_delete AFTER INSERT OR DELETE ON pins
    FOR EACH ROW EXECUTE FUNCTION pins_save_count_sync()`.execute(db);
  await sql`
    CREATE TRIGGER pins_save_count_update AFTER UPDATE OF repin_of_id ON pins
    FOR EACH ROW WHEN (OLD.repin_of_id IS DISTINCT FROM NEW.repin_of_id)
    EXECUTE FUNCTION pins_save_count_sync()`.execute(db);

  // HSL buckets; the families are SEARCH_COLOR_FAMILIES in @corkboard/shared/search/constants.
  await sql`
    CREATE FUNCTION search_color_family(hex text) RETURNS text
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
    DECLARE
      r float8; g float8; b float8; mx float8; mn float8; d float8; l float8; s float8; h float8;
    BEGIN
      IF hex !~* '^#[0-9a-f]{6}$' THEN RETURN NULL; END IF;
      r := ('x' || substr(hex, 2, 2))::bit(8)::int / 255.0;
      g := ('x' || substr(hex, 4, 2))::bit(8)::int / 255.0;
      b := ('x' || substr(hex, 6, 2))::bit(8)::int / 255.0;
      mx := greatest(r, g, b); mn := least(r, g, b); d := mx - mn; l := (mx + mn) / 2;
      IF l >= 0.92 THEN RETURN 'white'; END IF;
      IF l <= 0.1 THEN RETURN 'black'; END IF;
      s := CASE WHEN d = 0 THEN 0 ELSE d / (1 - abs(2 * l - 1)) END;
      IF s < 0.15 THEN
        RETURN CASE WHEN l >= 0.8 THEN 'white' WHEN l <= 0.2 THEN 'black' ELSE 'gray' END;
      END IF;
      IF mx = r THEN h := 60 * ((g - b) / d);
      ELSIF mx = g THEN h := 60 * ((b - r) / d + 2);
      ELSE h := 60 * ((r - g) / d + 4);
      END IF;
      IF h < 0 THEN h := h + 360; END IF;
      IF (h < 45 OR h >= 345) AND l < 0.35 AND s < 0.75 THEN RETURN 'brown'; END IF;
      IF h < 15 OR h >= 345 THEN RETURN 'red'; END IF;
      IF h < 45 THEN RETURN 'orange'; END IF;
      IF h < 70 THEN RETURN 'yellow'; END IF;
      IF h < 165 THEN RETURN 'green'; END IF;
      IF h < 195 THEN RETURN 'teal'; END IF;
      IF h < 255 THEN RETURN 'blue'; END IF;
      IF h < 290 THEN RETURN 'purple'; END IF;
      RETURN 'pink';
    END $$`.execute(db);

  await sql`
    CREATE TABLE pin_products (
      pin_id bigint PRIMARY KEY REFERENCES pins(id) ON DELETE CASCADE,
      price numeric(12, 2) NOT NULL CHECK (price >= 0),
      currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
      availability text NOT NULL
        CHECK (availability IN ('in_stock', 'out_of_stock', 'preorder', 'backorder')),
      captured_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX pin_products_price_idx ON pin_products (price)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE pin_products`.execute(db);
  await sql`DROP FUNCTION search_color_family(text)`.execute(db);
  await sql`DROP TRIGGER pins_save_count_update ON pins`.execute(db);
  await sql`DROP TRIGGER pins_save_count_insert_delete ON pins`.execute(db);
  await sql`DROP FUNCTION pins_save_count_sync()`.execute(db);
  await sql`DROP INDEX pins_repin_of_idx`.execute(db);
  await sql`ALTER TABLE pins DROP COLUMN save_count`.execute(db);
  await sql`DROP INDEX users_search_trgm_idx`.execute(db);
  await sql`DROP INDEX boards_name_fold_trgm_idx`.execute(db);
  await sql`ALTER TABLE boards DROP COLUMN search_doc`.execute(db);
  await sql`DROP INDEX pins_title_fold_trgm_idx`.execute(db);
  await sql`ALTER TABLE pins DROP COLUMN search_doc`.execute(db);
  await sql`DROP FUNCTION search_fold(text)`.execute(db);
}
