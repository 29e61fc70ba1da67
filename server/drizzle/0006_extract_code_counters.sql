CREATE TABLE "extract_code_networks" (
	"share_id" integer NOT NULL,
	"client_network" varchar(64) NOT NULL,
	"recent_failures" timestamp with time zone[] NOT NULL,
	"attack_failures" timestamp with time zone[] NOT NULL,
	"passed_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "extract_code_networks_share_id_client_network_pk" PRIMARY KEY("share_id","client_network")
);
--> statement-breakpoint
CREATE TABLE "extract_code_share_failures" (
	"share_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"failures" integer NOT NULL,
	CONSTRAINT "extract_code_share_failures_share_id_hour_pk" PRIMARY KEY("share_id","hour")
);
--> statement-breakpoint
DROP TABLE "extract_code_failures" CASCADE;--> statement-breakpoint
DROP TABLE "extract_code_passes" CASCADE;--> statement-breakpoint
CREATE INDEX "extract_code_networks_updated_idx" ON "extract_code_networks" USING btree ("updated_at");