ALTER TABLE "items" ADD COLUMN "data" jsonb DEFAULT '{}'::jsonb NOT NULL;
