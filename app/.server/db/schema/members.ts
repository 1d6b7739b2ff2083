/** Team members, their files and the one-use upload addresses (ADR 0019). */
import { boolean, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAtColumn, parentIntegerColumn, timestamptz, updatedAtColumn, uuidPrimaryKey } from "./columns";

/**
 * The agency's team members shown on `/sobre` and `/membro/{slug}` (ADR 0019;
 * docs/product.md "Member"). Deleting is soft (`deleted_at` set, `active`
 * false); a member may be given a broker login ("promote": `user_uid`).
 */
export const members = pgTable(
  "members",
  {
    /** Numeric id: `/membro/{id}` answers 301 to the slug. */
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** URL slug, unique (also among deleted members). */
    slug: text("slug").notNull().unique("members_slug_unique"),
    name: text("name").notNull(),
    /** Job title, e.g. "Corretora". */
    title: text("title").notNull().default(""),
    creci: text("creci").notNull().default(""),
    /** Lower-case e-mail, or "". */
    email: text("email").notNull().default(""),
    phone: text("phone").notNull().default(""),
    whatsapp: text("whatsapp").notNull().default(""),
    bio: text("bio").notNull().default(""),
    /** Vista broker code (`Corretor` `Codigo`), or null. */
    brokerCode: text("broker_code"),
    /** Position on `/sobre` (ascending, then name). */
    sortOrder: integer("sort_order").notNull().default(0),
    active: boolean("active").notNull().default(true),
    /** Storage key of the photo (WebP), or null. */
    photoKey: text("photo_key"),
    /** The broker login given by "promote", or null. */
    userUid: text("user_uid").references(() => users.uid, { onDelete: "set null" }),
    deletedAt: timestamptz("deleted_at"),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [index("members_public_order_idx").on(t.active, t.sortOrder, t.name)],
);

/** Files of a member (ADR 0019: a photo and files): PDFs and images. */
export const memberFiles = pgTable(
  "member_files",
  {
    id: uuidPrimaryKey(),
    memberId: parentIntegerColumn("member_id", () => members.id),
    /** Storage key. */
    key: text("key").notNull().unique("member_files_key_unique"),
    /** The name the file was sent with (shown to the admin). */
    name: text("name").notNull(),
    contentType: text("content_type").notNull(),
    /** Bytes as stored. */
    size: integer("size").notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index("member_files_member_idx").on(t.memberId, t.createdAt)],
);

/**
 * One-use signed upload addresses (docs/spec.txt §7 "Upload to storage"; ADR 0019):
 * the token carries the id and expiry under an HMAC; this row makes it single use.
 */
export const uploadTickets = pgTable("upload_tickets", {
  id: uuidPrimaryKey(),
  memberId: parentIntegerColumn("member_id", () => members.id),
  /** "photo" (one image, PUT) or "files" (several, multipart POST). */
  kind: text("kind").$type<"photo" | "files">().notNull(),
  expiresAt: timestamptz("expires_at").notNull(),
  usedAt: timestamptz("used_at"),
  createdAt: createdAtColumn(),
});
