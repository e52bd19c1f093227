DROP INDEX "hot_keywords_name_uq";--> statement-breakpoint
ALTER TABLE "hot_keywords" ADD COLUMN "lang" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "lang" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "lang" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "hot_keywords_name_lang_uq" ON "hot_keywords" USING btree ("name","lang");--> statement-breakpoint
-- Backfill: existing headlines, posts and search words get the language detection would give them
-- (the SQL form of packages/contracts/src/content-lang.ts: a fair share of Han → zh; Spanish-only
-- letters, or Spanish stop words without English ones → es; else en).
CREATE FUNCTION "pg_temp"."detect_lang"(t text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN length(regexp_replace(t, '[^\u4e00-\u9fff\u3400-\u4dbf]', '', 'g')) * 5 >= greatest(length(regexp_replace(t, '[[:space:][:punct:][:digit:]]', '', 'g')), 1) THEN 'zh'
    WHEN t ~ '[ñáéíóúÑÁÉÍÓÚ¿¡]' THEN 'es'
    WHEN t ~* '\m(el|los|las|del|que|con|para|una|por|pero|como|muy|partido|equipo)\M' AND t !~* '\m(the|and|of|with|for|is|this|that)\M' THEN 'es'
    ELSE 'en'
  END
$$;--> statement-breakpoint
UPDATE "articles" SET "lang" = "pg_temp"."detect_lang"("title" || ' ' || "summary");--> statement-breakpoint
UPDATE "posts" SET "lang" = "pg_temp"."detect_lang"("content");--> statement-breakpoint
UPDATE "hot_keywords" SET "lang" = "pg_temp"."detect_lang"("name");
