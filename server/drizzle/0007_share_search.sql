-- A search of a whole share (POST /api/share/search) finds names containing a text, ignoring
-- case: `name ILIKE '%text%'`. pg_trgm's GIN index answers that from the names' trigrams instead
-- of reading every name. pg_trgm is a trusted extension (PostgreSQL 13 and later: the database's
-- owner may create it); PGlite loads it from @electric-sql/pglite/contrib/pg_trgm (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "share_items_name_trgm_idx" ON "share_items" USING gin ("name" gin_trgm_ops);
