CREATE TABLE "used_oauth_codes" (
	"nonce" varchar(64) PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "share_items" DROP CONSTRAINT "share_items_share_id_shares_id_fk";
--> statement-breakpoint
ALTER TABLE "share_reports" DROP CONSTRAINT "share_reports_share_id_shares_id_fk";
--> statement-breakpoint
ALTER TABLE "shares" ALTER COLUMN "id" SET DATA TYPE integer;--> statement-breakpoint
ALTER TABLE "shares" ALTER COLUMN "id" SET DEFAULT greatest(1, ('x' || substr(md5(gen_random_uuid()::text), 1, 8))::bit(32)::integer & 2147483647);--> statement-breakpoint
ALTER TABLE "share_items" ADD COLUMN "preview_path" varchar(300) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "share_items" ADD CONSTRAINT "share_items_share_id_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."shares"("id") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "share_reports" ADD CONSTRAINT "share_reports_share_id_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."shares"("id") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "events_created_idx" ON "events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "extract_code_failures_share_idx" ON "extract_code_failures" USING btree ("share_id","created_at");--> statement-breakpoint
DROP SEQUENCE IF EXISTS "shares_id_seq";--> statement-breakpoint
DELETE FROM "extract_code_failures";--> statement-breakpoint
UPDATE "shares" SET "id" = DEFAULT;
