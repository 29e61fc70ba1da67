CREATE TABLE "canary_visits" (
	"id" serial PRIMARY KEY NOT NULL,
	"release_id" integer NOT NULL,
	"canary" boolean NOT NULL,
	"errored" boolean NOT NULL,
	"inp_ms" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "remote_releases" (
	"id" serial PRIMARY KEY NOT NULL,
	"remote" varchar(16) NOT NULL,
	"release" varchar(32) NOT NULL,
	"manifest_url" text NOT NULL,
	"percent" smallint NOT NULL,
	"state" varchar(16) NOT NULL,
	"reason" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "canary_visits" ADD CONSTRAINT "canary_visits_release_id_remote_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."remote_releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "canary_visits_release_idx" ON "canary_visits" USING btree ("release_id","canary");--> statement-breakpoint
CREATE UNIQUE INDEX "remote_releases_one_canary" ON "remote_releases" USING btree ("remote") WHERE "remote_releases"."state" = 'canary';