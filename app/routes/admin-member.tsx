/**
 * `/admin/membros/{id}` and `/admin/membros/novo`: a member's
 * form (name, slug, title, CRECI, e-mail, phone, WhatsApp, bio, Vista broker
 * code, order, active), and for an existing member: deactivate/activate,
 * delete (soft), reactivate, promote (a broker login), the photo and the
 * files. Uploads work without JavaScript (a multipart form posted here); with
 * JavaScript the page asks `/admin/membros/{id}/envio` for a signed one-use
 * address and PUTs the photo / POSTs the files there (docs/spec.txt §7 "Upload to storage").
 * Admin only; never cached; pt-BR messages beside each field.
 */
import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { z } from "zod";
import { requireRole } from "~/.server/auth";
import { getIdentityBackend } from "~/.server/auth/firebase";
import { assertSameOrigin } from "~/.server/auth/protection";
import { getDb } from "~/.server/db";
import { redirectWithToast } from "~/.server/flash";
import { boundedReply } from "~/.server/form-reply";
import {
  deleteMemberFile,
  getMember,
  listMemberFiles,
  promoteMember,
  reactivateMember,
  removeMemberPhoto,
  saveMember,
  setMemberActive,
  softDeleteMember,
} from "~/.server/members";
import { readMultipart, storeMemberFiles, storeMemberPhoto } from "~/.server/members/uploads";
import { getFileStorage, storedFilePath } from "~/.server/storage";
import { memberUploadPath } from "~/.server/storage/signed-upload";
import { AdminNav } from "~/components/admin-nav";
import * as s from "~/components/admin.css";
import { pageNotFound } from "~/lib/errors";
import { adminMemberPath, memberFormSchema, memberPath } from "~/lib/members";
import { ADMIN_MEMBERS_PATH } from "~/lib/paths";
import { button } from "~/styles/ui.css";

const PRIVATE = { "Cache-Control": "private, no-store" };

/** The member id of the URL, "novo" for a new member. @throws {Response} 404 for anything else. */
function memberIdOf(request: Request, param: string | undefined): number | "novo" {
  if (param === "novo") return "novo";
  if (param && /^\d{1,9}$/.test(param)) return Number(param);
  throw pageNotFound(new URL(request.url).pathname);
}

/** Guard (admin), then the member with its files (404 for an unknown id). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRole(request, "admin");
  const id = memberIdOf(request, params.id);
  if (id === "novo") return json({ member: null, files: [] }, { headers: PRIVATE });
  const db = getDb().db;
  const member = await getMember(db, id);
  if (!member) throw pageNotFound(new URL(request.url).pathname);
  const files = await listMemberFiles(db, id);
  return json(
    {
      member: {
        id: member.id,
        name: member.name,
        slug: member.slug,
        title: member.title,
        creci: member.creci,
        email: member.email,
        phone: member.phone,
        whatsapp: member.whatsapp,
        bio: member.bio,
        brokerCode: member.brokerCode ?? "",
        sortOrder: member.sortOrder,
        active: member.active,
        deleted: member.deletedAt != null,
        hasLogin: member.userUid != null,
        photoUrl: member.photoKey ? storedFilePath(member.photoKey) : null,
        uploadPath: memberUploadPath(member.id),
      },
      files: files.map((f) => ({ id: f.id, name: f.name, size: f.size, url: storedFilePath(f.key) })),
    },
    { headers: PRIVATE },
  );
}

/** Never cached. */
export const headers = () => PRIVATE;

/** Title and `noindex`. */
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.member ? data.member.name : "Novo membro"} | Membros | Administração` },
  { name: "robots", content: "noindex" },
];

const memberActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("deactivate") }),
  z.object({ intent: z.literal("activate") }),
  z.object({ intent: z.literal("delete") }),
  z.object({ intent: z.literal("reactivate") }),
  z.object({ intent: z.literal("promote") }),
  z.object({ intent: z.literal("remove-photo") }),
  z.object({ intent: z.literal("delete-file"), fileId: z.string().uuid() }),
]);

type ActionError = {
  result: SubmissionResult<string[]> | null;
  error: string | null;
  photoError?: string;
  filesError?: string;
};

const fail = (body: Partial<ActionError>, status = 400) =>
  json({ result: null, error: null, ...body } satisfies ActionError, { status, headers: PRIVATE });

/**
 * Guard (admin, revocation checked), Origin check, then: `save` (Conform; 400
 * with field errors), a multipart upload (`intent=photo` | `files`; 400 with
 * the message beside the field), or one of the member actions.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  await requireRole(request, "admin", { checkRevoked: true });
  assertSameOrigin(request);
  const id = memberIdOf(request, params.id);
  const db = getDb().db;

  if ((request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) {
    if (id === "novo") return fail({ error: "Salve o membro antes de enviar arquivos." });
    const parsed = await readMultipart(request);
    const intent = "form" in parsed ? parsed.form.get("intent") : new URL(request.url).searchParams.get("envio");
    const field = intent === "photo" ? "photoError" : "filesError";
    if ("error" in parsed) return fail({ [field]: parsed.error });
    if (!(await getMember(db, id))) throw pageNotFound(new URL(request.url).pathname);
    if (intent === "photo") {
      const file = parsed.form.get("foto");
      if (!(file instanceof File) || file.size === 0) return fail({ photoError: "Escolha uma foto." });
      const outcome = await storeMemberPhoto(db, id, Buffer.from(await file.arrayBuffer()), {
        name: file.name,
        contentType: file.type,
      });
      if (!outcome.ok) return fail({ photoError: outcome.message });
      return redirectWithToast(
        adminMemberPath(id),
        { type: "success", title: "Foto atualizada" },
        { headers: PRIVATE },
      );
    }
    if (intent === "files") {
      const files = parsed.form.getAll("arquivos").filter((value): value is File => value instanceof File);
      const outcome = await storeMemberFiles(db, id, files);
      if (!outcome.ok) return fail({ filesError: outcome.message });
      return redirectWithToast(
        adminMemberPath(id),
        { type: "success", title: outcome.stored === 1 ? "Arquivo enviado" : `${outcome.stored} arquivos enviados` },
        { headers: PRIVATE },
      );
    }
    return fail({ error: "Pedido inválido. Recarregue a página." });
  }

  const formData = await request.formData();
  if (formData.get("intent") === "save") {
    const submission = parseWithZod(formData, { schema: memberFormSchema });
    if (submission.status !== "success") {
      return json({ result: boundedReply(submission, memberFormSchema), error: null } satisfies ActionError, {
        status: 400,
        headers: PRIVATE,
      });
    }
    const saved = await saveMember(db, { ...submission.value, id: id === "novo" ? undefined : id });
    if (!saved.ok) {
      return json(
        {
          result: boundedReply(submission, memberFormSchema, { fieldErrors: saved.fieldErrors }),
          error: null,
        } satisfies ActionError,
        {
          status: 400,
          headers: PRIVATE,
        },
      );
    }
    return redirectWithToast(
      adminMemberPath(saved.member.id),
      { type: "success", title: id === "novo" ? "Membro criado" : "Membro atualizado", description: saved.member.name },
      { headers: PRIVATE },
    );
  }
  if (id === "novo") return fail({ error: "Pedido inválido. Recarregue a página." });
  const parsed = memberActionSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return fail({ error: "Pedido inválido. Recarregue a página." });
  const member = await getMember(db, id);
  if (!member) throw pageNotFound(new URL(request.url).pathname);
  const back = adminMemberPath(id);
  switch (parsed.data.intent) {
    case "deactivate":
    case "activate": {
      const active = parsed.data.intent === "activate";
      if (!(await setMemberActive(db, id, active)))
        return fail({ error: "Um membro excluído só volta com “Reativar”." });
      return redirectWithToast(
        back,
        { type: "success", title: active ? "Membro ativado" : "Membro desativado", description: member.name },
        { headers: PRIVATE },
      );
    }
    case "delete":
      await softDeleteMember(db, id);
      return redirectWithToast(
        back,
        {
          type: "success",
          title: "Membro excluído",
          description: `${member.name} saiu do site. Use “Reativar” para desfazer.`,
        },
        { headers: PRIVATE },
      );
    case "reactivate":
      await reactivateMember(db, id);
      return redirectWithToast(
        back,
        { type: "success", title: "Membro reativado", description: member.name },
        { headers: PRIVATE },
      );
    case "promote": {
      const result = await promoteMember(db, getIdentityBackend(), id);
      if (!result.ok) return fail({ error: result.message });
      return redirectWithToast(
        back,
        {
          type: "success",
          title: "Acesso de corretor criado",
          description: `${member.email} pode entrar após definir a senha em “Esqueci minha senha”.`,
        },
        { headers: PRIVATE },
      );
    }
    case "remove-photo":
      await removeMemberPhoto(db, await getFileStorage(), id);
      return redirectWithToast(back, { type: "success", title: "Foto removida" }, { headers: PRIVATE });
    case "delete-file":
      await deleteMemberFile(db, await getFileStorage(), id, parsed.data.fileId);
      return redirectWithToast(back, { type: "success", title: "Arquivo excluído" }, { headers: PRIVATE });
  }
}

function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  return errors?.length ? (
    <p id={id} className={s.error}>
      {errors[0]}
    </p>
  ) : null;
}

/**
 * With JavaScript: asks for a signed address and sends the chosen file(s)
 * there (PUT with the content type for the photo, multipart POST for files),
 * then reloads the page's data. Without JavaScript the form posts itself.
 */
function useSignedUpload(uploadPath: string, kind: "photo" | "files", onError: (message: string | null) => void) {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    const input = event.currentTarget.querySelector<HTMLInputElement>('input[type="file"]');
    const files = Array.from(input?.files ?? []);
    if (files.length === 0) return; // let the server answer "escolha…"
    event.preventDefault();
    setBusy(true);
    onError(null);
    try {
      const ask = await fetch(uploadPath, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ kind }),
      });
      if (!ask.ok) throw new Error("Não foi possível preparar o envio. Recarregue a página.");
      const signed = (await ask.json()) as { url: string };
      let response: Response;
      if (kind === "photo") {
        response = await fetch(signed.url, {
          method: "PUT",
          headers: {
            "Content-Type": files[0]!.type || "application/octet-stream",
            "X-File-Name": encodeURIComponent(files[0]!.name),
          },
          body: files[0],
        });
      } else {
        const body = new FormData();
        for (const file of files) body.append("arquivos", file);
        response = await fetch(signed.url, { method: "POST", body });
      }
      const answer = (await response.json().catch(() => ({}))) as { message?: string };
      if (!response.ok) throw new Error(answer.message ?? "O envio falhou. Tente de novo.");
      if (input) input.value = "";
      revalidator.revalidate();
    } catch (error) {
      onError(error instanceof Error ? error.message : "O envio falhou. Tente de novo.");
    } finally {
      setBusy(false);
    }
  }
  return { onSubmit, busy };
}

/** The member form and, for an existing member, its actions, photo and files. */
export default function AdminMemberPage() {
  const { member, files } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionError | undefined;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [photoClientError, setPhotoClientError] = useState<string | null>(null);
  const [filesClientError, setFilesClientError] = useState<string | null>(null);
  const photoUpload = useSignedUpload(member ? member.uploadPath : "", "photo", setPhotoClientError);
  const filesUpload = useSignedUpload(member ? member.uploadPath : "", "files", setFilesClientError);
  const [form, fields] = useForm({
    id: member ? `membro-${member.id}` : "membro-novo",
    lastResult: actionData?.result ?? undefined,
    constraint: getZodConstraint(memberFormSchema),
    defaultValue: member
      ? { ...member, sortOrder: String(member.sortOrder), active: member.active ? "on" : undefined }
      : { sortOrder: "0", active: "on" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: memberFormSchema }),
  });
  const photoError = photoClientError ?? actionData?.photoError;
  const filesError = filesClientError ?? actionData?.filesError;
  const text = (
    name: "name" | "slug" | "title" | "creci" | "email" | "phone" | "whatsapp" | "brokerCode",
    label: string,
    hint?: string,
    type: "text" | "email" | "tel" = "text",
  ) => (
    <div className={s.field}>
      <label htmlFor={fields[name].id} className={s.label}>
        {label}
      </label>
      <input
        {...getInputProps(fields[name], { type })}
        key={fields[name].key}
        className={s.control}
        autoComplete="off"
      />
      {hint ? <p className={s.hint}>{hint}</p> : null}
      <FieldError id={fields[name].errorId} errors={fields[name].errors} />
    </div>
  );

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

      {actionData?.error ? (
        <p className={s.alert} role="alert">
          {actionData.error}
        </p>
      ) : null}

      <Form method="post" {...getFormProps(form)} className={s.form} aria-label="Dados do membro" noValidate>
        <input type="hidden" name="intent" value="save" />
        {form.errors?.length ? (
          <p id={form.errorId} className={s.alert} role="alert">
            {form.errors[0]}
          </p>
        ) : null}
        {text("name", "Nome")}
        {text(
          "slug",
          "Endereço da página",
          "Deixe em branco para criar a partir do nome. Ex.: ana-souza → /membro/ana-souza",
        )}
        {text("title", "Cargo", "Ex.: Corretora, Gerente comercial")}
        {text("creci", "CRECI")}
        {text("email", "E-mail", undefined, "email")}
        {text("phone", "Telefone", undefined, "tel")}
        {text("whatsapp", "WhatsApp", undefined, "tel")}
        <div className={s.field}>
          <label htmlFor={fields.bio.id} className={s.label}>
            Apresentação
          </label>
          <textarea {...getTextareaProps(fields.bio)} key={fields.bio.key} className={s.control} rows={6} />
          <FieldError id={fields.bio.errorId} errors={fields.bio.errors} />
        </div>
        {text("brokerCode", "Código do corretor no Vista", "Liga o membro aos imóveis dele no catálogo.")}
        <div className={s.field}>
          <label htmlFor={fields.sortOrder.id} className={s.label}>
            Ordem na página Sobre
          </label>
          <input
            {...getInputProps(fields.sortOrder, { type: "number" })}
            key={fields.sortOrder.key}
            className={s.control}
            min={0}
            max={9999}
          />
          <FieldError id={fields.sortOrder.errorId} errors={fields.sortOrder.errors} />
        </div>
        {member?.deleted ? null : (
          <label className={s.checkbox}>
            <input {...getInputProps(fields.active, { type: "checkbox" })} key={fields.active.key} />
            Ativo (aparece no site)
          </label>
        )}
        <div className={s.row}>
          <button type="submit" className={button.dark} disabled={busy}>
            {member ? "Salvar alterações" : "Criar membro"}
          </button>
          <Link to={ADMIN_MEMBERS_PATH} className={button.ghost}>
            Cancelar
          </Link>
        </div>
      </Form>

      {member ? (
        <>
          <section className={s.form} aria-labelledby="foto-titulo">
            <h2 id="foto-titulo" className={s.label} style={{ fontSize: "1.1rem", margin: 0 }}>
              Foto
            </h2>
            {member.photoUrl ? (
              <img
                src={member.photoUrl}
                alt={`Foto de ${member.name}`}
                width={160}
                height={160}
                style={{ objectFit: "cover", borderRadius: 8 }}
              />
            ) : (
              <p className={s.muted}>Sem foto.</p>
            )}
            <Form
              method="post"
              action="?envio=photo"
              encType="multipart/form-data"
              className={s.form}
              onSubmit={photoUpload.onSubmit}
              aria-label="Enviar foto"
            >
              <input type="hidden" name="intent" value="photo" />
              <div className={s.field}>
                <label htmlFor="membro-foto" className={s.label}>
                  Nova foto
                </label>
                <input
                  id="membro-foto"
                  name="foto"
                  type="file"
                  accept="image/jpeg,image/png,image/webp"
                  className={s.control}
                  aria-describedby="membro-foto-dica membro-foto-erro"
                  aria-invalid={photoError ? true : undefined}
                />
                <p id="membro-foto-dica" className={s.hint}>
                  JPEG, PNG ou WebP, até 10 MB.
                </p>
                {photoError ? (
                  <p id="membro-foto-erro" className={s.error} role="alert">
                    {photoError}
                  </p>
                ) : null}
              </div>
              <div className={s.row}>
                <button type="submit" className={button.outline} disabled={busy || photoUpload.busy}>
                  {photoUpload.busy ? "Enviando…" : "Enviar foto"}
                </button>
              </div>
            </Form>
            {member.photoUrl ? (
              <Form method="post" className={s.inlineForm}>
                <input type="hidden" name="intent" value="remove-photo" />
                <button type="submit" className={`${button.ghost} ${s.smallButton}`} disabled={busy}>
                  Remover foto
                </button>
              </Form>
            ) : null}
          </section>

          <section className={s.form} aria-labelledby="arquivos-titulo">
            <h2 id="arquivos-titulo" className={s.label} style={{ fontSize: "1.1rem", margin: 0 }}>
              Arquivos
            </h2>
            {files.length ? (
              <ul className={s.list}>
                {files.map((file) => (
                  <li key={file.id} className={s.row}>
                    <a href={file.url} target="_blank" rel="noreferrer">
                      {file.name}
                    </a>
                    <span className={s.hint}>{Math.max(1, Math.round(file.size / 1024))} KB</span>
                    <Form method="post" className={s.inlineForm}>
                      <input type="hidden" name="intent" value="delete-file" />
                      <input type="hidden" name="fileId" value={file.id} />
                      <button
                        type="submit"
                        className={`${button.ghost} ${s.smallButton}`}
                        disabled={busy}
                        aria-label={`Excluir ${file.name}`}
                      >
                        Excluir
                      </button>
                    </Form>
                  </li>
                ))}
              </ul>
            ) : (
              <p className={s.muted}>Nenhum arquivo.</p>
            )}
            <Form
              method="post"
              action="?envio=files"
              encType="multipart/form-data"
              className={s.form}
              onSubmit={filesUpload.onSubmit}
              aria-label="Enviar arquivos"
            >
              <input type="hidden" name="intent" value="files" />
              <div className={s.field}>
                <label htmlFor="membro-arquivos" className={s.label}>
                  Novos arquivos
                </label>
                <input
                  id="membro-arquivos"
                  name="arquivos"
                  type="file"
                  multiple
                  accept="application/pdf,image/jpeg,image/png,image/webp"
                  className={s.control}
                  aria-describedby="membro-arquivos-dica membro-arquivos-erro"
                  aria-invalid={filesError ? true : undefined}
                />
                <p id="membro-arquivos-dica" className={s.hint}>
                  PDF até 20 MB ou imagens JPEG, PNG e WebP até 10 MB. Só a administração vê os arquivos.
                </p>
                {filesError ? (
                  <p id="membro-arquivos-erro" className={s.error} role="alert">
                    {filesError}
                  </p>
                ) : null}
              </div>
              <div className={s.row}>
                <button type="submit" className={button.outline} disabled={busy || filesUpload.busy}>
                  {filesUpload.busy ? "Enviando…" : "Enviar arquivos"}
                </button>
              </div>
            </Form>
          </section>

          <section className={s.form} aria-labelledby="acoes-titulo">
            <h2 id="acoes-titulo" className={s.label} style={{ fontSize: "1.1rem", margin: 0 }}>
              Situação e acesso
            </h2>
            <div className={s.row}>
              {member.deleted ? (
                <ActionButton intent="reactivate" label="Reativar" busy={busy} />
              ) : (
                <>
                  {member.active ? (
                    <ActionButton intent="deactivate" label="Desativar" busy={busy} />
                  ) : (
                    <ActionButton intent="activate" label="Ativar" busy={busy} />
                  )}
                  <ActionButton
                    intent="delete"
                    label="Excluir"
                    busy={busy}
                    confirm={`Excluir ${member.name}? O membro sai do site; você pode reativá-lo depois.`}
                  />
                  {member.hasLogin ? null : (
                    <ActionButton
                      intent="promote"
                      label="Dar acesso de corretor"
                      busy={busy}
                      confirm={`Criar um login de corretor para ${member.email || "este membro"}?`}
                    />
                  )}
                </>
              )}
            </div>
          </section>
        </>
      ) : null}
    </div>
  );
}

function ActionButton({
  intent,
  label,
  busy,
  confirm,
}: {
  intent: string;
  label: string;
  busy: boolean;
  confirm?: string;
}) {
  return (
    <Form
      method="post"
      className={s.inlineForm}
      onSubmit={(event) => {
        if (confirm && !window.confirm(confirm)) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      <button type="submit" className={`${button.outline} ${s.smallButton}`} disabled={busy}>
        {label}
      </button>
    </Form>
  );
}
