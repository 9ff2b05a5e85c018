CREATE TABLE "contact_counts" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"active" integer DEFAULT 0 NOT NULL,
	"former" integer DEFAULT 0 NOT NULL,
	"past_due" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_tags" (
	"organization_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_tags_organization_id_contact_id_tag_id_pk" PRIMARY KEY("organization_id","contact_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "client_ranks" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"name" text NOT NULL,
	"image" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_ranks_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "contact_fields" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"field_type" text DEFAULT 'text' NOT NULL,
	"options" jsonb,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"width" integer DEFAULT 150 NOT NULL,
	"is_visible" boolean DEFAULT true NOT NULL,
	"is_system" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_fields_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "lead_sources" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_sources_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "rank_categories" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rank_categories_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "stages" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"color" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stages_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"color" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tags_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "contact_activities" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"data" jsonb,
	"actor_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_activities_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "contact_family_links" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"member_contact_id" uuid NOT NULL,
	"relation" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_family_links_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "contact_family_links_self_ck" CHECK ("contact_family_links"."contact_id" <> "contact_family_links"."member_contact_id")
);
--> statement-breakpoint
CREATE TABLE "followup_notes" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"note" text NOT NULL,
	"follow_up_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "followup_notes_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "first_name" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "last_name" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "phone_digits" text GENERATED ALWAYS AS (nullif(regexp_replace(phone, '[^0-9]', '', 'g'), '')) STORED;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "is_former" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "stage_id" uuid;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "lead_source_id" uuid;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "rank_id" uuid;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "punch_id" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "billing_address" jsonb;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "birthday" date;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "last_attended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "last_contacted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "payment_status" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "plan" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "stop_sms" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "contact_counts" ADD CONSTRAINT "contact_counts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_tags" ADD CONSTRAINT "contact_tags_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_tags" ADD CONSTRAINT "contact_tags_organization_id_contact_id_contacts_organization_id_id_fk" FOREIGN KEY ("organization_id","contact_id") REFERENCES "public"."contacts"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_tags" ADD CONSTRAINT "contact_tags_organization_id_tag_id_tags_organization_id_id_fk" FOREIGN KEY ("organization_id","tag_id") REFERENCES "public"."tags"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_ranks" ADD CONSTRAINT "client_ranks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_ranks" ADD CONSTRAINT "client_ranks_organization_id_category_id_rank_categories_organization_id_id_fk" FOREIGN KEY ("organization_id","category_id") REFERENCES "public"."rank_categories"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_fields" ADD CONSTRAINT "contact_fields_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_sources" ADD CONSTRAINT "lead_sources_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rank_categories" ADD CONSTRAINT "rank_categories_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stages" ADD CONSTRAINT "stages_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_activities" ADD CONSTRAINT "contact_activities_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_activities" ADD CONSTRAINT "contact_activities_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_activities" ADD CONSTRAINT "contact_activities_organization_id_contact_id_contacts_organization_id_id_fk" FOREIGN KEY ("organization_id","contact_id") REFERENCES "public"."contacts"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_family_links" ADD CONSTRAINT "contact_family_links_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_family_links" ADD CONSTRAINT "contact_family_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_family_links" ADD CONSTRAINT "contact_family_links_contact_fk" FOREIGN KEY ("organization_id","contact_id") REFERENCES "public"."contacts"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_family_links" ADD CONSTRAINT "contact_family_links_member_fk" FOREIGN KEY ("organization_id","member_contact_id") REFERENCES "public"."contacts"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "followup_notes" ADD CONSTRAINT "followup_notes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "followup_notes" ADD CONSTRAINT "followup_notes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "followup_notes" ADD CONSTRAINT "followup_notes_organization_id_contact_id_contacts_organization_id_id_fk" FOREIGN KEY ("organization_id","contact_id") REFERENCES "public"."contacts"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_tags_org_tag_idx" ON "contact_tags" USING btree ("organization_id","tag_id","contact_id");--> statement-breakpoint
CREATE INDEX "client_ranks_org_category_idx" ON "client_ranks" USING btree ("organization_id","category_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_fields_org_key_uq" ON "contact_fields" USING btree ("organization_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "lead_sources_org_name_uq" ON "lead_sources" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "tags_org_name_uq" ON "tags" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE INDEX "contact_activities_org_contact_idx" ON "contact_activities" USING btree ("organization_id","contact_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "contact_family_links_pair_uq" ON "contact_family_links" USING btree ("organization_id",least("contact_id", "member_contact_id"),greatest("contact_id", "member_contact_id"));--> statement-breakpoint
CREATE INDEX "contact_family_links_org_contact_idx" ON "contact_family_links" USING btree ("organization_id","contact_id");--> statement-breakpoint
CREATE INDEX "contact_family_links_org_member_idx" ON "contact_family_links" USING btree ("organization_id","member_contact_id");--> statement-breakpoint
CREATE INDEX "followup_notes_org_contact_idx" ON "followup_notes" USING btree ("organization_id","contact_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_stage_fk" FOREIGN KEY ("organization_id","stage_id") REFERENCES "public"."stages"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_lead_source_fk" FOREIGN KEY ("organization_id","lead_source_id") REFERENCES "public"."lead_sources"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_rank_fk" FOREIGN KEY ("organization_id","rank_id") REFERENCES "public"."client_ranks"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contacts_org_created_idx" ON "contacts" USING btree ("organization_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "contacts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "contacts_org_attended_idx" ON "contacts" USING btree ("organization_id",coalesce("last_attended_at", '-infinity'::timestamptz) desc,"id" DESC NULLS LAST) WHERE "contacts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "contacts_org_contacted_idx" ON "contacts" USING btree ("organization_id",coalesce("last_contacted_at", '-infinity'::timestamptz) desc,"id" DESC NULLS LAST) WHERE "contacts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "contacts_name_trgm_idx" ON "contacts" USING gin (lower("full_name") gin_trgm_ops) WHERE "contacts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "contacts_email_trgm_idx" ON "contacts" USING gin (lower("email") gin_trgm_ops) WHERE "contacts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "contacts_phone_trgm_idx" ON "contacts" USING gin ("phone_digits" gin_trgm_ops) WHERE "contacts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "contacts_org_name_idx" ON "contacts" USING btree ("organization_id",(lower("full_name") collate "C"),"id") WHERE "contacts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "contacts_org_email_idx" ON "contacts" USING btree ("organization_id",lower("email")) WHERE "contacts"."deleted_at" is null and "contacts"."email" is not null;--> statement-breakpoint
CREATE INDEX "contacts_org_phone_idx" ON "contacts" USING btree ("organization_id","phone_digits") WHERE "contacts"."deleted_at" is null and "contacts"."phone_digits" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_org_punch_uq" ON "contacts" USING btree ("organization_id","punch_id") WHERE "contacts"."deleted_at" is null and "contacts"."punch_id" is not null;--> statement-breakpoint
CREATE INDEX "contacts_org_type_idx" ON "contacts" USING btree ("organization_id","contact_type_id") WHERE "contacts"."contact_type_id" is not null;--> statement-breakpoint
CREATE INDEX "contacts_org_stage_idx" ON "contacts" USING btree ("organization_id","stage_id") WHERE "contacts"."stage_id" is not null;--> statement-breakpoint
CREATE INDEX "contacts_org_lead_source_idx" ON "contacts" USING btree ("organization_id","lead_source_id") WHERE "contacts"."lead_source_id" is not null;--> statement-breakpoint
CREATE INDEX "contacts_org_rank_idx" ON "contacts" USING btree ("organization_id","rank_id") WHERE "contacts"."rank_id" is not null;--> statement-breakpoint
CREATE INDEX "contacts_org_payment_idx" ON "contacts" USING btree ("organization_id","payment_status","created_at" DESC NULLS LAST) WHERE "contacts"."deleted_at" is null and "contacts"."payment_status" <> 'none';--> statement-breakpoint
CREATE INDEX "contacts_org_plan_idx" ON "contacts" USING btree ("organization_id","plan") WHERE "contacts"."deleted_at" is null and "contacts"."plan" is not null;--> statement-breakpoint
CREATE INDEX "contacts_org_created_by_idx" ON "contacts" USING btree ("organization_id","created_by","created_at" DESC NULLS LAST) WHERE "contacts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "role_assignments_org_contact_idx" ON "role_assignments" USING btree ("organization_id","contact_id") WHERE "role_assignments"."contact_id" is not null;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_status_ck" CHECK ("contacts"."status" in ('active', 'inactive'));--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_payment_status_ck" CHECK ("contacts"."payment_status" in ('none', 'past_due', 'frozen'));