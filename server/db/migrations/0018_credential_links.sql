ALTER TABLE "issued_credentials" ADD COLUMN "link_token" text;--> statement-breakpoint
CREATE UNIQUE INDEX "issued_credentials_link_token_key" ON "issued_credentials" USING btree ("link_token");