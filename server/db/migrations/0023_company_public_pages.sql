CREATE TABLE "company_public_page_redirects" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "company_public_page_redirects_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"address" text NOT NULL,
	"company_id" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_public_pages" (
	"company_id" bigint PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"noindex" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_public_page_redirects" ADD CONSTRAINT "company_public_page_redirects_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_public_pages" ADD CONSTRAINT "company_public_pages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_public_page_redirects_address_key" ON "company_public_page_redirects" USING btree (lower("address"));--> statement-breakpoint
CREATE INDEX "company_public_page_redirects_company_idx" ON "company_public_page_redirects" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "company_public_pages_address_key" ON "company_public_pages" USING btree (lower("address"));