CREATE TABLE "cloud_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"folder_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"media_type" smallint NOT NULL,
	"media_path" varchar(300) DEFAULT '' NOT NULL,
	"total_size" bigint NOT NULL,
	"source_item_id" integer,
	"create_time" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cloud_folders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"parent_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"folder_type" smallint DEFAULT 0 NOT NULL,
	"create_time" bigint NOT NULL,
	"update_time" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "community_accounts" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"display_name" varchar(100) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "community_rewards" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"community_account_id" varchar(64) NOT NULL,
	"activity_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_rewards_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "community_rewards_community_account_id_unique" UNIQUE("community_account_id")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_name" varchar(64) NOT NULL,
	"content" text NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "extract_code_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"share_id" integer NOT NULL,
	"client_address" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" smallint NOT NULL,
	"name" varchar(100) NOT NULL,
	"price_cents" integer NOT NULL,
	"discount_price_cents" integer DEFAULT 0 NOT NULL,
	"cycle_type" smallint NOT NULL,
	"cycle_num" smallint NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"third_product_id" varchar(100) NOT NULL,
	"sort_order" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "share_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"share_id" integer NOT NULL,
	"parent_id" integer,
	"name" varchar(255) NOT NULL,
	"is_folder" boolean NOT NULL,
	"media_type" smallint NOT NULL,
	"media_path" varchar(300) DEFAULT '' NOT NULL,
	"thumb_path" varchar(300) DEFAULT '' NOT NULL,
	"is_m3u8" boolean DEFAULT false NOT NULL,
	"duration" integer DEFAULT 0 NOT NULL,
	"total_size" bigint DEFAULT 0 NOT NULL,
	"create_time" bigint NOT NULL,
	"update_time" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "share_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"share_id" integer NOT NULL,
	"reporter_user_id" integer,
	"content" varchar(300) NOT NULL,
	"client_address" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shares" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(64) NOT NULL,
	"name" varchar(200) NOT NULL,
	"user_id" integer NOT NULL,
	"share_type" smallint NOT NULL,
	"status" smallint NOT NULL,
	"extract_code" varchar(4) DEFAULT '' NOT NULL,
	"expiry_time" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shares_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"external_id" varchar(512) NOT NULL,
	"email" varchar(320),
	"nick_name" varchar(100) NOT NULL,
	"avatar" varchar(500) DEFAULT '' NOT NULL,
	"identity_type" smallint DEFAULT 1 NOT NULL,
	"vip_expiry_time" bigint DEFAULT 0 NOT NULL,
	"max_storage" bigint NOT NULL,
	"used_storage" bigint DEFAULT 0 NOT NULL,
	"max_offline_file_size" bigint NOT NULL,
	"has_granted_discord_reward" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_external_id_unique" UNIQUE("external_id"),
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
ALTER TABLE "cloud_files" ADD CONSTRAINT "cloud_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_folders" ADD CONSTRAINT "cloud_folders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_rewards" ADD CONSTRAINT "community_rewards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_items" ADD CONSTRAINT "share_items_share_id_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."shares"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_reports" ADD CONSTRAINT "share_reports_share_id_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."shares"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_reports" ADD CONSTRAINT "share_reports_reporter_user_id_users_id_fk" FOREIGN KEY ("reporter_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cloud_files_folder_idx" ON "cloud_files" USING btree ("user_id","folder_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cloud_folders_sibling_name_idx" ON "cloud_folders" USING btree ("user_id","parent_id","name");--> statement-breakpoint
CREATE INDEX "extract_code_failures_idx" ON "extract_code_failures" USING btree ("share_id","client_address","created_at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "share_items_parent_idx" ON "share_items" USING btree ("share_id","parent_id");