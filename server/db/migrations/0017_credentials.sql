CREATE TABLE "credential_keys" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "credential_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"thumbprint" text NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"private_jwk_encrypted" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "issued_credentials" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "issued_credentials_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"company_employment_id" bigint,
	"user_id" bigint,
	"review_id" bigint,
	"includes_review" boolean DEFAULT false NOT NULL,
	"status_index" integer NOT NULL,
	"fingerprint" text NOT NULL,
	"jwt" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revocation_reason" text,
	"claims" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credential_keys" ADD CONSTRAINT "credential_keys_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_credentials" ADD CONSTRAINT "issued_credentials_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_credentials" ADD CONSTRAINT "issued_credentials_company_employment_id_company_employments_id_fk" FOREIGN KEY ("company_employment_id") REFERENCES "public"."company_employments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_credentials" ADD CONSTRAINT "issued_credentials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_credentials" ADD CONSTRAINT "issued_credentials_review_id_employment_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."employment_reviews"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credential_keys_company_thumbprint_key" ON "credential_keys" USING btree ("company_id","thumbprint");--> statement-breakpoint
CREATE UNIQUE INDEX "credential_keys_one_active_key" ON "credential_keys" USING btree ("company_id") WHERE retired_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "issued_credentials_company_index_key" ON "issued_credentials" USING btree ("company_id","status_index");--> statement-breakpoint
CREATE INDEX "issued_credentials_employment_idx" ON "issued_credentials" USING btree ("company_employment_id");--> statement-breakpoint
CREATE INDEX "issued_credentials_user_idx" ON "issued_credentials" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "issued_credentials_review_idx" ON "issued_credentials" USING btree ("review_id");