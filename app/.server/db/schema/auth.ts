/**
 * Authentication (ADR 0016): roles, users, sessions, password reset codes,
 * and the record of who read owner data. Owner data still never enters this
 * schema.
 */
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import type { Permission, RoleName } from "~/lib/auth";
import {
  createdAtColumn,
  requestTraceColumns,
  timestamptz,
  timestamptzNow,
  updatedAtColumn,
  uuidPrimaryKey,
} from "./columns";

/**
 * The roles and what each may do (docs/spec.txt §6 "a list of roles is
 * fetched from the backend"). Rows inserted by migration 0005 from
 * `ROLE_DEFINITIONS` (`~/lib/auth`).
 */
export const roles = pgTable("roles", {
  name: text("name").$type<RoleName>().primaryKey(),
  /** Portuguese label: "Administrador", "Corretor". */
  label: text("label").notNull(),
  permissions: jsonb("permissions").$type<Permission[]>().notNull(),
});

/**
 * The site's users, mirroring Firebase Authentication users.
 * The role here is authoritative and mirrored into the custom claim `role`;
 * `brokerCode` is the Vista broker code ("meus imóveis").
 */
export const users = pgTable(
  "users",
  {
    /** Firebase uid. */
    uid: text("uid").primaryKey(),
    /** Lower-case e-mail. */
    email: text("email").notNull(),
    displayName: text("display_name").notNull().default(""),
    /** E.164 phone from Firebase, or "". */
    phone: text("phone").notNull().default(""),
    role: text("role")
      .$type<RoleName>()
      .notNull()
      .references(() => roles.name),
    /** Vista broker code (`Corretor` `Codigo`), or null. */
    brokerCode: text("broker_code"),
    disabled: boolean("disabled").notNull().default(false),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
    lastSignInAt: timestamptz("last_sign_in_at"),
    /** In the leads' round-robin (ADR 0080): an active broker who takes leads nobody else owns. */
    receivesLeads: boolean("receives_leads").notNull().default(true),
    /** The last lead the round-robin gave this user; the next goes to whoever waited longest. */
    lastRoundRobinAt: timestamptz("last_round_robin_at"),
  },
  (t) => [uniqueIndex("users_email_idx").on(t.email), index("users_broker_code_idx").on(t.brokerCode)],
);

/**
 * Server-side sessions (ADR 0020). A row is created only after the server
 * itself verified the user's password with the identity service; the browser
 * holds a signed cookie with a random token (API clients: the token as a
 * bearer), and the row holds only its SHA-256. Signing out, disabling or
 * deleting the user, a password change and an admin's "Encerrar sessões"
 * delete rows; an expired row is refused and swept.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: uuidPrimaryKey(),
    /** SHA-256 hex of the random session token (never the token itself). */
    tokenHash: text("token_hash").notNull(),
    uid: text("uid")
      .notNull()
      .references(() => users.uid, { onDelete: "cascade" }),
    /** "browser" (cookie) or "api" (bearer token from `POST /api/auth/session`). */
    kind: text("kind").$type<"browser" | "api">().notNull().default("browser"),
    createdAt: createdAtColumn(),
    /** Last request seen with this session (updated at most once a minute). */
    lastSeenAt: timestamptzNow("last_seen_at"),
    /** Refused from this instant on (idle expiry, renewed with use, capped by the absolute lifetime). */
    expiresAt: timestamptz("expires_at").notNull(),
    /** Client IP at sign-in, as derived under TRUST_PROXY. */
    ip: text("ip").notNull().default(""),
    /** User-Agent at sign-in (first 300 characters). */
    userAgent: text("user_agent").notNull().default(""),
  },
  (t) => [
    uniqueIndex("sessions_token_hash_idx").on(t.tokenHash),
    index("sessions_uid_idx").on(t.uid),
    index("sessions_expires_idx").on(t.expiresAt),
  ],
);

/**
 * Who read the owner data of which listing, when and from where (LGPD art.
 * 37: the controller keeps a record of its processing). One row per view of
 * the private panel; also the source of the per-user hourly limit
 * (`OWNER_DATA_LIMIT_PER_HOUR`), so the limit holds across processes.
 */
export const ownerDataAccess = pgTable(
  "owner_data_access",
  {
    id: uuidPrimaryKey(),
    /** Firebase uid of the reader (no foreign key: the record outlives a deleted user). */
    uid: text("uid").notNull(),
    /** The reader's e-mail at the time (the user row may be deleted later). */
    email: text("email").notNull().default(""),
    /** Vista listing code. */
    listingCode: text("listing_code").notNull(),
    // at, ip, user_agent
    ...requestTraceColumns(),
    /** False when the hourly limit refused the view (the attempt is still recorded). */
    allowed: boolean("allowed").notNull().default(true),
  },
  (t) => [
    index("owner_data_access_uid_at_idx").on(t.uid, t.at),
    index("owner_data_access_listing_at_idx").on(t.listingCode, t.at),
  ],
);

/**
 * Password reset codes: single use, valid 15 minutes, a few
 * attempts, stored as an HMAC of the e-mail and code (never the code itself).
 */
export const passwordResetCodes = pgTable(
  "password_reset_codes",
  {
    id: uuidPrimaryKey(),
    /** Lower-case e-mail the code was sent to. */
    email: text("email").notNull(),
    uid: text("uid").notNull(),
    /** HMAC-SHA-256(session secret, e-mail + code), hex. */
    codeHash: text("code_hash").notNull(),
    expiresAt: timestamptz("expires_at").notNull(),
    /** Wrong codes tried against this row. */
    attempts: integer("attempts").notNull().default(0),
    usedAt: timestamptz("used_at"),
    createdAt: createdAtColumn(),
  },
  (t) => [index("password_reset_codes_email_idx").on(t.email, t.createdAt)],
);
