CREATE TABLE "extract_code_passes" (
	"share_id" integer NOT NULL,
	"client_address" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "extract_code_passes_share_id_client_address_pk" PRIMARY KEY("share_id","client_address")
);
--> statement-breakpoint
CREATE TABLE "used_proofs" (
	"signature" varchar(128) PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
