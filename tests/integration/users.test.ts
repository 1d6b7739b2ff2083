/**
 * User administration (ADR 0018) against the REAL Firebase
 * Auth emulator and PGlite: invite (Firebase user without password + row +
 * set-password link by e-mail), set the password with the link and sign in,
 * list/search/sort/page, edit, disable/enable, promote, delete — and the
 * failure of each side (Firebase or the database) injected on every
 * operation, which must leave both sides as they were (no half-created user).
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createIdentityBackend, type IdentityBackend } from "~/.server/auth/firebase";
import { redeemSetPasswordToken } from "~/.server/auth/invitation";
import { signInWithEmailPassword } from "~/.server/auth/sign-in";
import type { Db } from "~/.server/db";
import { members, passwordResetCodes, users } from "~/.server/db/schema";
import { createMailer, type Mailer } from "~/.server/mail/transport";
import {
  deleteUser,
  type InvitationMail,
  inviteUser,
  listUsers,
  promoteUser,
  resendInvitation,
  setUserEnabled,
  updateUser,
} from "~/.server/users/manage";
import { type AdminError, isAdminError } from "~/.server/admin-error";
import { userCreateSchema } from "~/lib/users";
import { createTestPglite, type TestDatabase } from "./helpers/database";
import { startTestAuthEmulator, type TestAuthEmulator } from "./helpers/shared-auth-emulator";

const SECRET = "segredo-de-teste-com-tamanho-suficiente";
let emulator: TestAuthEmulator;
let backend: IdentityBackend;
let test: TestDatabase;
let db: Db;
let outbox: string;
let mail: InvitationMail;
const actor = { uid: "admin-do-teste" };

beforeAll(async () => {
  outbox = await fs.mkdtemp(path.join(os.tmpdir(), "imobiliaria-users-"));
  emulator = await startTestAuthEmulator();
  backend = createIdentityBackend({ emulatorHost: emulator.hostPort });
  test = await createTestPglite();
  db = test.database.db;
  mail = {
    mailer: createMailer({ outboxDir: outbox, from: "site@imobiliaria.localhost" }),
    secret: SECRET,
    setPasswordUrl: "http://localhost:3000/login-corretores/definir-senha",
    siteTitle: "Horizonte Imobiliária",
  };
});

afterAll(async () => {
  await backend?.close();
  await emulator?.stop();
  await test?.cleanup();
  await fs.rm(outbox, { recursive: true, force: true });
});

beforeEach(async () => {
  await db.delete(members);
  await db.delete(users);
  await db.delete(passwordResetCodes);
  const listed = await backend.auth.listUsers(1000);
  if (listed.users.length) await backend.auth.deleteUsers(listed.users.map((user) => user.uid));
  await fs.rm(outbox, { recursive: true, force: true });
});

function input(email: string, extra: Record<string, string> = {}) {
  return userCreateSchema.parse({
    email,
    displayName: "Bruno Corretor",
    phone: "(11) 91234-5678",
    role: "agent",
    brokerCode: "12",
    ...extra,
  });
}

/** The backend with `method` of firebase-admin Auth failing. */
function failing(method: string): IdentityBackend {
  const auth = new Proxy(backend.auth, {
    get(target, property, receiver) {
      if (property === method)
        return () =>
          Promise.reject(Object.assign(new Error(`${method} falhou (injetado)`), { code: "auth/internal-error" }));
      const value = Reflect.get(target, property, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { ...backend, auth };
}

/** The database whose transactions fail: at once ("begin"), or after the work ("commit"). */
function failingDb(when: "begin" | "commit"): Db {
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property === "transaction") {
        return async (work: (tx: Db) => Promise<unknown>) => {
          if (when === "begin") throw new Error("banco indisponível (injetado)");
          return target.transaction(async (tx) => {
            await work(tx as unknown as Db);
            throw new Error("commit falhou (injetado)");
          });
        };
      }
      const value = Reflect.get(target, property, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

async function firebaseUserByEmail(email: string) {
  try {
    return await backend.auth.getUserByEmail(email);
  } catch (error) {
    if ((error as { code?: string }).code === "auth/user-not-found") return null;
    throw error;
  }
}

async function rowOf(uid: string) {
  const [row] = await db.select().from(users).where(eq(users.uid, uid));
  return row ?? null;
}

async function invitationLink(): Promise<string> {
  const files = await fs.readdir(outbox);
  expect(files).toHaveLength(1);
  const eml = await fs.readFile(path.join(outbox, files[0]!), "utf8");
  const unfolded = eml.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  const match =
    /(http:\/\/localhost:3000\/login-corretores\/definir-senha\?token=[0-9a-f-]{36}\.[A-Za-z0-9_-]{43})/.exec(unfolded);
  expect(match).not.toBeNull();
  return match![1]!;
}

describe("invite", () => {
  it("creates the Firebase user without a password, the row with the claims, and mails a single-use set-password link", async () => {
    const { user, mailed } = await inviteUser({ backend, db }, input("Bruno@Exemplo.com.br"), mail);
    expect(mailed).toBe(true);
    expect(user).toMatchObject({
      email: "bruno@exemplo.com.br",
      displayName: "Bruno Corretor",
      phone: "+5511912345678",
      role: "agent",
      brokerCode: "12",
      disabled: false,
    });
    const record = await backend.auth.getUser(user.uid);
    expect(record.passwordHash ?? "").toBe("");
    expect(record.customClaims).toEqual({ role: "agent", brokerCode: "12" });
    expect(await rowOf(user.uid)).toMatchObject({ role: "agent", email: "bruno@exemplo.com.br" });

    const link = await invitationLink();
    const token = new URL(link).searchParams.get("token")!;
    const deps = { backend, db, secrets: [SECRET] };
    // One character changed (the last one is "A" for 1 token in 16, so it becomes "E" then).
    const wrong = `${token.slice(0, -1)}${token.endsWith("A") ? "E" : "A"}`;
    expect(await redeemSetPasswordToken(deps, { token: wrong, newPassword: "senha-nova-1" })).toBe("invalid");
    expect(await redeemSetPasswordToken(deps, { token, newPassword: "senha-nova-1" })).toBe("ok");
    expect(await redeemSetPasswordToken(deps, { token, newPassword: "outra-senha" })).toBe("invalid");
    const signedIn = await signInWithEmailPassword(backend, db, "bruno@exemplo.com.br", "senha-nova-1");
    expect(signedIn.user.role).toBe("agent");
    expect((await backend.auth.getUser(user.uid)).emailVerified).toBe(true);
  });

  it("refuses an e-mail already in use (409 beside the field)", async () => {
    await inviteUser({ backend, db }, input("ana@exemplo.com.br"), mail);
    const error = await inviteUser({ backend, db }, input("ana@exemplo.com.br"), mail).catch((e: unknown) => e);
    expect(isAdminError(error)).toBe(true);
    expect((error as AdminError).status).toBe(409);
    expect((error as AdminError).fieldErrors).toEqual({ email: ["Já existe um usuário com este e-mail."] });
  });

  it("Firebase fails to create: nothing in the database, no e-mail", async () => {
    await expect(inviteUser({ backend: failing("createUser"), db }, input("c@exemplo.com.br"), mail)).rejects.toThrow(
      /injetado/,
    );
    expect(await db.select().from(users)).toEqual([]);
    expect(await firebaseUserByEmail("c@exemplo.com.br")).toBeNull();
    await expect(fs.readdir(outbox)).rejects.toThrow();
  });

  it("Firebase fails to set the claims: the Firebase user is deleted again", async () => {
    await expect(
      inviteUser({ backend: failing("setCustomUserClaims"), db }, input("d@exemplo.com.br"), mail),
    ).rejects.toThrow(/injetado/);
    expect(await firebaseUserByEmail("d@exemplo.com.br")).toBeNull();
    expect(await db.select().from(users)).toEqual([]);
  });

  it.each(["begin", "commit"] as const)(
    "the database fails (%s): the Firebase user is deleted again, no row, no token",
    async (when) => {
      await expect(inviteUser({ backend, db: failingDb(when) }, input("e@exemplo.com.br"), mail)).rejects.toThrow(
        /injetado/,
      );
      expect(await firebaseUserByEmail("e@exemplo.com.br")).toBeNull();
      expect(await db.select().from(users)).toEqual([]);
      expect(await db.select().from(passwordResetCodes)).toEqual([]);
    },
  );

  it("the mailer fails: the user exists on both sides and the invitation can be sent again", async () => {
    const broken: Mailer = {
      kind: "file",
      send: () => Promise.reject(new Error("SMTP fora do ar")),
      close: () => undefined,
    };
    const { user, mailed } = await inviteUser({ backend, db }, input("f@exemplo.com.br"), { ...mail, mailer: broken });
    expect(mailed).toBe(false);
    expect(await rowOf(user.uid)).not.toBeNull();
    expect(await resendInvitation({ backend, db }, user.uid, mail)).toBe(true);
    await invitationLink();
  });
});

describe("list", () => {
  it("searches by name or e-mail, sorts and pages", async () => {
    for (const [email, name] of [
      ["carla@exemplo.com.br", "Carla Souza"],
      ["ana@exemplo.com.br", "Ana Lima"],
      ["bruno@exemplo.com.br", "Bruno Alves"],
    ] as const) {
      await inviteUser({ backend, db }, input(email, { displayName: name, phone: "" }), mail);
    }
    expect((await listUsers(db, { sort: "nome" })).users.map((u) => u.displayName)).toEqual([
      "Ana Lima",
      "Bruno Alves",
      "Carla Souza",
    ]);
    expect((await listUsers(db, { q: "SOUZA" })).users.map((u) => u.email)).toEqual(["carla@exemplo.com.br"]);
    expect((await listUsers(db, { q: "bruno@" })).users.map((u) => u.displayName)).toEqual(["Bruno Alves"]);
    expect((await listUsers(db, { q: "100%" })).total).toBe(0);
    const page2 = await listUsers(db, { sort: "email", page: 2, pageSize: 2 });
    expect(page2).toMatchObject({ total: 3, page: 2, pageCount: 2 });
    expect(page2.users.map((u) => u.email)).toEqual(["carla@exemplo.com.br"]);
    expect((await listUsers(db, { page: 99, pageSize: 2 })).page).toBe(2);
  });
});

describe("edit, disable, promote, delete", () => {
  async function invited(email = "g@exemplo.com.br") {
    return (await inviteUser({ backend, db }, input(email), mail)).user;
  }

  it("edits name, phone, role and broker code on both sides; a role change revokes the sessions", async () => {
    const user = await invited();
    const before = (await backend.auth.getUser(user.uid)).tokensValidAfterTime;
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const updated = await updateUser(
      { backend, db },
      user.uid,
      { displayName: "Bruno Lima", phone: "+5521987654321", role: "admin", brokerCode: null },
      actor,
    );
    expect(updated).toMatchObject({
      displayName: "Bruno Lima",
      phone: "+5521987654321",
      role: "admin",
      brokerCode: null,
    });
    const record = await backend.auth.getUser(user.uid);
    expect(record.displayName).toBe("Bruno Lima");
    expect(record.phoneNumber).toBe("+5521987654321");
    expect(record.customClaims).toEqual({ role: "admin" });
    expect(record.tokensValidAfterTime).not.toBe(before);
  });

  it("keeps a linked member's broker code: a new code is refused beside the field, other edits pass", async () => {
    const user = await invited();
    await db
      .insert(members)
      .values({ slug: "bruna-membro", name: "Bruna Membro", brokerCode: user.brokerCode, userUid: user.uid });
    const error = await updateUser({ backend, db }, user.uid, { brokerCode: "99" }, actor).catch((e: unknown) => e);
    expect(isAdminError(error) && error.status).toBe(409);
    expect((error as AdminError).fieldErrors.brokerCode?.[0]).toMatch(/ligado ao membro Bruna Membro/);
    expect((await rowOf(user.uid))?.brokerCode).toBe(user.brokerCode);
    const renamed = await updateUser(
      { backend, db },
      user.uid,
      { displayName: "Bruna Lima", brokerCode: user.brokerCode },
      actor,
    );
    expect(renamed).toMatchObject({ displayName: "Bruna Lima", brokerCode: user.brokerCode });
  });

  it("disables and enables on both sides", async () => {
    const user = await invited();
    expect((await setUserEnabled({ backend, db }, user.uid, false, actor)).disabled).toBe(true);
    expect((await backend.auth.getUser(user.uid)).disabled).toBe(true);
    expect((await setUserEnabled({ backend, db }, user.uid, true, actor)).disabled).toBe(false);
    expect((await backend.auth.getUser(user.uid)).disabled).toBe(false);
  });

  it("promotes to admin (claim mirrored); promoting twice is harmless", async () => {
    const user = await invited();
    expect((await promoteUser({ backend, db }, user.uid, actor)).role).toBe("admin");
    expect((await backend.auth.getUser(user.uid)).customClaims?.role).toBe("admin");
    expect((await promoteUser({ backend, db }, user.uid, actor)).role).toBe("admin");
  });

  it("refuses to demote, disable or delete oneself, and answers 404 for an unknown user", async () => {
    const user = await invited();
    await promoteUser({ backend, db }, user.uid, actor);
    const self = { uid: user.uid };
    for (const run of [
      () => updateUser({ backend, db }, user.uid, { role: "agent" }, self),
      () => setUserEnabled({ backend, db }, user.uid, false, self),
      () => deleteUser({ backend, db }, user.uid, self),
    ]) {
      const error = await run().catch((e: unknown) => e);
      expect((error as AdminError).status).toBe(400);
    }
    expect(
      ((await promoteUser({ backend, db }, "nao-existe", actor).catch((e: unknown) => e)) as AdminError).status,
    ).toBe(404);
  });

  it("Firebase fails during an edit: the row keeps its old values", async () => {
    const user = await invited();
    for (const method of ["updateUser", "setCustomUserClaims", "revokeRefreshTokens"]) {
      await expect(
        updateUser({ backend: failing(method), db }, user.uid, { displayName: "Outro Nome", role: "admin" }, actor),
      ).rejects.toThrow(/injetado/);
      expect(await rowOf(user.uid)).toMatchObject({ displayName: "Bruno Corretor", role: "agent" });
    }
    expect((await backend.auth.getUser(user.uid)).customClaims?.role).toBe("agent");
  });

  it("the database fails to commit an edit: Firebase is put back as it was", async () => {
    const user = await invited();
    await expect(
      updateUser(
        { backend, db: failingDb("commit") },
        user.uid,
        { displayName: "Outro Nome", role: "admin", disabled: true },
        actor,
      ),
    ).rejects.toThrow(/injetado/);
    expect(await rowOf(user.uid)).toMatchObject({ displayName: "Bruno Corretor", role: "agent", disabled: false });
    const record = await backend.auth.getUser(user.uid);
    expect(record).toMatchObject({ displayName: "Bruno Corretor", disabled: false });
    expect(record.customClaims).toEqual({ role: "agent", brokerCode: "12" });
  });

  it("deletes the row and the Firebase user", async () => {
    const user = await invited();
    await deleteUser({ backend, db }, user.uid, actor);
    expect(await rowOf(user.uid)).toBeNull();
    expect(await firebaseUserByEmail("g@exemplo.com.br")).toBeNull();
  });

  it("Firebase fails to delete: the row stays; the database fails: the Firebase user stays", async () => {
    const user = await invited();
    await expect(deleteUser({ backend: failing("deleteUser"), db }, user.uid, actor)).rejects.toThrow(/injetado/);
    expect(await rowOf(user.uid)).not.toBeNull();
    await expect(deleteUser({ backend, db: failingDb("begin") }, user.uid, actor)).rejects.toThrow(/injetado/);
    expect(await firebaseUserByEmail("g@exemplo.com.br")).not.toBeNull();
    expect(await rowOf(user.uid)).not.toBeNull();
  });

  it("a user missing in Firebase is still deleted from the table", async () => {
    const user = await invited();
    await backend.auth.deleteUser(user.uid);
    await deleteUser({ backend, db }, user.uid, actor);
    expect(await rowOf(user.uid)).toBeNull();
  });
});
