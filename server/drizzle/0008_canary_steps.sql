-- A canary steps up its exposure (1, 10, 50, 100 %) by itself: the verdict judges the canary visits
-- of its current step, those from `stepped_at` on (server/src/releases/canary-arms.ts).
ALTER TABLE "remote_releases" ADD COLUMN "stepped_at" timestamp with time zone DEFAULT now() NOT NULL;