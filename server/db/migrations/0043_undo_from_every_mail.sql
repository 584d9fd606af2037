-- Every security mail carries its undo (issue 41, decision 278). Two-step sign-in turned off keeps its
-- sealed secret and recovery codes for the undo link's 7 days (disabled_at says since when; a new
-- set-up replaces them), and a sign-in address replaced by another is remembered for 7 days, so its
-- owner still hears of changes, can undo the change from the mail and can reset the password with it.
ALTER TABLE "two_factor_secrets" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "former_sign_in_addresses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "former_sign_in_addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"channel" text NOT NULL,
	"value" text NOT NULL,
	"replaced_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
ALTER TABLE "former_sign_in_addresses" ADD CONSTRAINT "former_sign_in_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "former_sign_in_addresses_value_idx" ON "former_sign_in_addresses" USING btree ("channel","value","replaced_at");--> statement-breakpoint
CREATE INDEX "former_sign_in_addresses_user_idx" ON "former_sign_in_addresses" USING btree ("user_id");
