-- A removed passkey is kept for the removal mail's undo link, 7 days (decision 297): a thief holding the
-- session and the password could otherwise take the owner's passkey away for good. Nothing signs in
-- with a row here; the undo moves it back to "passkeys".
CREATE TABLE "removed_passkeys" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "removed_passkeys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"credential_id" text NOT NULL,
	"public_key" text NOT NULL,
	"counter" bigint NOT NULL,
	"transports" text[] NOT NULL,
	"name" text NOT NULL,
	"backed_up" boolean NOT NULL,
	"last_used_at" timestamp with time zone,
	"added_at" timestamp with time zone NOT NULL,
	"removed_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
ALTER TABLE "removed_passkeys" ADD CONSTRAINT "removed_passkeys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "removed_passkeys_user_idx" ON "removed_passkeys" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "removed_passkeys_removed_at_idx" ON "removed_passkeys" USING btree ("removed_at");
