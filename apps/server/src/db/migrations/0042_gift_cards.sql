CREATE TABLE "gift_card_entries" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"balance_after_cents" integer NOT NULL,
	"reference" text,
	"reason" text,
	"by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_card_entries_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "gift_card_entries_kind_ck" CHECK ("gift_card_entries"."kind" in ('issue', 'redemption', 'refund', 'adjustment')),
	CONSTRAINT "gift_card_entries_balance_ck" CHECK ("gift_card_entries"."balance_after_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "gift_card_settings" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"expiry_months" smallint,
	"require_pin" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_card_settings_expiry_ck" CHECK ("gift_card_settings"."expiry_months" is null or "gift_card_settings"."expiry_months" > 0)
);
--> statement-breakpoint
CREATE TABLE "gift_card_templates" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"design_key" text,
	"fixed_amounts_cents" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"allow_custom" boolean DEFAULT false NOT NULL,
	"custom_min_cents" integer,
	"custom_max_cents" integer,
	"default_message" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_card_templates_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "gift_cards" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"code" text NOT NULL,
	"template_id" uuid,
	"initial_cents" integer NOT NULL,
	"balance_cents" integer NOT NULL,
	"activated" boolean DEFAULT true NOT NULL,
	"pin_hash" text,
	"recipient_name" text NOT NULL,
	"recipient_email" text,
	"contact_id" uuid,
	"message" text,
	"deliver_on" date,
	"deliver_at" timestamp with time zone,
	"delivery" text DEFAULT 'none' NOT NULL,
	"sent_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"issued_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_cards_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "gift_cards_balance_ck" CHECK ("gift_cards"."balance_cents" >= 0),
	CONSTRAINT "gift_cards_initial_ck" CHECK ("gift_cards"."initial_cents" > 0),
	CONSTRAINT "gift_cards_delivery_ck" CHECK ("gift_cards"."delivery" in ('none', 'scheduled', 'sent'))
);
--> statement-breakpoint
ALTER TABLE "gift_card_entries" ADD CONSTRAINT "gift_card_entries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_entries" ADD CONSTRAINT "gift_card_entries_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_entries" ADD CONSTRAINT "gift_card_entries_card_fk" FOREIGN KEY ("organization_id","card_id") REFERENCES "public"."gift_cards"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_settings" ADD CONSTRAINT "gift_card_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_templates" ADD CONSTRAINT "gift_card_templates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_template_fk" FOREIGN KEY ("organization_id","template_id") REFERENCES "public"."gift_card_templates"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_contact_fk" FOREIGN KEY ("organization_id","contact_id") REFERENCES "public"."contacts"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_card_entries_card_idx" ON "gift_card_entries" USING btree ("organization_id","card_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_card_templates_org_name_uq" ON "gift_card_templates" USING btree ("organization_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_cards_code_uq" ON "gift_cards" USING btree ("code");--> statement-breakpoint
CREATE INDEX "gift_cards_org_created_idx" ON "gift_cards" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "gift_cards_contact_idx" ON "gift_cards" USING btree ("organization_id","contact_id");--> statement-breakpoint
CREATE INDEX "gift_cards_delivery_idx" ON "gift_cards" USING btree ("deliver_at") WHERE "gift_cards"."delivery" = 'scheduled';