CREATE TABLE "contact_files" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"kind" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"storage_key" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_files_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "contact_files_kind_ck" CHECK ("contact_files"."kind" in ('image', 'video', 'document', 'text'))
);
--> statement-breakpoint
ALTER TABLE "contact_files" ADD CONSTRAINT "contact_files_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_files" ADD CONSTRAINT "contact_files_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_files" ADD CONSTRAINT "contact_files_organization_id_contact_id_contacts_organization_id_id_fk" FOREIGN KEY ("organization_id","contact_id") REFERENCES "public"."contacts"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_files_org_contact_idx" ON "contact_files" USING btree ("organization_id","contact_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);