/**
 * `/admin/membros/{id}` and `/admin/membros/novo`: a member's form (name,
 * slug, title, CRECI, e-mail, phone, WhatsApp, bio, the Vista broker and the
 * login it is linked to — ADR 0085 —, order, active), and for an existing member: deactivate/activate, delete (soft),
 * reactivate, promote (a broker login), the photo and the files. Uploads work
 * without JavaScript (a multipart form posted here); with JavaScript the page
 * asks `/admin/membros/{id}/envio` for a signed one-use address and PUTs the
 * photo / POSTs the files there (docs/spec.txt §7 "Upload to storage").
 * Admin only; never cached; pt-BR messages beside each field. The intents are
 * handled in `admin-member.server.ts`.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireRole } from "~/.server/auth";
import { requireAdminPost } from "~/.server/auth/admin-post";
import { getDb } from "~/.server/db";
import { adminMemberView } from "~/.server/members/admin-view";
import { memberLinkOptions } from "~/.server/members/links";
import { AdminMemberForm } from "~/components/admin-member-form";
import { MemberStatusActions } from "~/components/admin-member-actions";
import { MemberFilesSection, MemberPhotoSection } from "~/components/admin-member-uploads";
import { AdminNav } from "~/components/admin-nav";
import * as s from "~/components/admin.css";
import { FormAlert } from "~/components/forms";
import { privatePage, privatePageHeaders } from "~/lib/cache-control";
import { pageNotFound } from "~/lib/errors";
import { memberPath } from "~/lib/paths";
import { ADMIN_MEMBERS_PATH } from "~/lib/paths";
import { formIntent, type MemberActionData, memberIdOf, uploadIntent } from "./admin-member.server";

/** Guard (admin), then the member with its files (404 for an unknown id). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRole(request, "admin");
  const id = memberIdOf(request, params.id);
  const db = getDb().db;
  const links = await memberLinkOptions(db);
  if (id === "novo") return data({ member: null, files: [], links }, { headers: privatePage() });
  const view = await adminMemberView(db, id);
  if (!view) throw pageNotFound(new URL(request.url).pathname);
  return data({ ...view, links }, { headers: privatePage() });
}

/** Never cached. */
export const headers = privatePageHeaders;

/** Title and `noindex`. */
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.member ? data.member.name : "Novo membro"} | Membros | Administração` },
  { name: "robots", content: "noindex" },
];

/**
 * Guard (admin, revocation checked), Origin check, then a multipart upload
 * (`intent=photo` | `files`) or a form post (`save` or a member action).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdminPost(request);
  const id = memberIdOf(request, params.id);
  const multipart = (request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data");
  return multipart ? uploadIntent(request, id) : formIntent(request, id);
}

/** The member form and, for an existing member, its photo, files and actions. */
export default function AdminMemberPage() {
  const { member, files, links } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as MemberActionData | undefined;
  const busy = useNavigation().state === "submitting";
  return (
    <div className={s.page}>
      <AdminNav />
      <header>
        <p className={s.muted}>
          <Link to={ADMIN_MEMBERS_PATH}>← Membros</Link>
        </p>
        <h1 className={s.title}>{member ? member.name : "Novo membro"}</h1>
        {member ? (
          <p className={s.muted}>
            {member.deleted ? "Excluído" : member.active ? "Ativo" : "Inativo"}
            {member.hasLogin ? " · com acesso de corretor" : ""}
            {member.active && !member.deleted ? (
              <>
                {" · "}
                <a href={memberPath(member.slug)}>ver página pública</a>
              </>
            ) : null}
          </p>
        ) : null}
      </header>
      <FormAlert message={actionData?.error} />
      <AdminMemberForm member={member} links={links} lastResult={actionData?.result} busy={busy} />
      {member ? (
        <>
          <MemberPhotoSection
            name={member.name}
            photoUrl={member.photoUrl}
            uploadPath={member.uploadPath}
            busy={busy}
            error={actionData?.photoError}
          />
          <MemberFilesSection files={files} uploadPath={member.uploadPath} busy={busy} error={actionData?.filesError} />
          <MemberStatusActions member={member} busy={busy} />
        </>
      ) : null}
    </div>
  );
}
