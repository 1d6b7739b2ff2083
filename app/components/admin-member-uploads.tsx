/**
 * The photo and files sections of the admin member page
 * (`/admin/membros/{id}`). Each upload form posts itself as multipart without
 * JavaScript; with JavaScript it asks the page's signed-upload address
 * (`/admin/membros/{id}/envio`) for a one-use URL and sends the file(s) there
 * (docs/spec.txt §7 "Upload to storage"; ADR 0019), then reloads the page's data.
 */
import { Form, useRevalidator } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { button } from "~/styles/ui.css";
import * as s from "./admin.css";
import * as m from "./admin-member.css";
import { MemberSection } from "./admin-member-actions";
import { Field } from "./forms";

type UploadKind = "photo" | "files";

/**
 * With JavaScript: asks `uploadPath` for a signed address and sends the chosen
 * file(s) there (PUT with the content type for the photo, multipart POST for
 * files), then reloads the page's data. Without files chosen, or without
 * JavaScript, the form posts itself (the server then answers "Escolha…").
 * `error` is the pt-BR message of the last failed send, null after a success.
 */
function useSignedUpload(uploadPath: string, kind: UploadKind) {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    const input = event.currentTarget.querySelector<HTMLInputElement>('input[type="file"]');
    const files = Array.from(input?.files ?? []);
    if (files.length === 0) return;
    event.preventDefault();
    setBusy(true);
    setError(null);
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
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : "O envio falhou. Tente de novo.");
    } finally {
      setBusy(false);
    }
  }
  return { onSubmit, busy, error };
}

/** What the photo form and the files form show: their labels, file input and hint. */
const UPLOADS = {
  photo: {
    formLabel: "Enviar foto",
    label: "Nova foto",
    inputProps: { id: "membro-foto", name: "foto", accept: "image/jpeg,image/png,image/webp" },
    hint: "JPEG, PNG ou WebP, até 10 MB.",
    submitLabel: "Enviar foto",
  },
  files: {
    formLabel: "Enviar arquivos",
    label: "Novos arquivos",
    inputProps: {
      id: "membro-arquivos",
      name: "arquivos",
      multiple: true,
      accept: "application/pdf,image/jpeg,image/png,image/webp",
    },
    hint: "PDF até 20 MB ou imagens JPEG, PNG e WebP até 10 MB. Só a administração vê os arquivos.",
    submitLabel: "Enviar arquivos",
  },
} as const;

interface UploadFormProps {
  kind: UploadKind;
  uploadPath: string;
  /** The page is submitting another form. */
  pageBusy: boolean;
  /** The server's message for this field after a post without JavaScript. */
  serverError?: string;
}

/** A multipart upload form of one file field, sent through a signed address when JavaScript runs. */
function UploadForm({ kind, uploadPath, pageBusy, serverError }: UploadFormProps) {
  const upload = useSignedUpload(uploadPath, kind);
  const texts = UPLOADS[kind];
  return (
    <Form
      method="post"
      action={`?envio=${kind}`}
      encType="multipart/form-data"
      className={s.form}
      onSubmit={upload.onSubmit}
      aria-label={texts.formLabel}
    >
      <input type="hidden" name="intent" value={kind} />
      <Field
        label={texts.label}
        hint={texts.hint}
        errors={[upload.error ?? serverError]}
        inputProps={{ ...texts.inputProps, type: "file" }}
      />
      <div className={s.row}>
        <button type="submit" className={button.outline} disabled={pageBusy || upload.busy}>
          {upload.busy ? "Enviando…" : texts.submitLabel}
        </button>
      </div>
    </Form>
  );
}

/** A small form with one hidden `intent` (and its extra fields) and a ghost button. */
function SmallPost({
  intent,
  fields,
  busy,
  label,
  ariaLabel,
}: {
  intent: string;
  fields?: Record<string, string>;
  busy: boolean;
  label: string;
  ariaLabel?: string;
}) {
  return (
    <Form method="post" className={s.inlineForm}>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={`${button.ghost} ${s.smallButton}`} disabled={busy} aria-label={ariaLabel}>
        {label}
      </button>
    </Form>
  );
}

/** What both upload sections take: the signed-upload address, whether the page is posting, the server's message. */
interface UploadSectionProps {
  uploadPath: string;
  busy: boolean;
  error?: string;
}

/** The member's photo, the form to replace it and the button to remove it. */
export function MemberPhotoSection(props: UploadSectionProps & { name: string; photoUrl: string | null }) {
  return (
    <MemberSection id="foto-titulo" title="Foto">
      {props.photoUrl ? (
        <img src={props.photoUrl} alt={`Foto de ${props.name}`} width={160} height={160} className={m.photo} />
      ) : (
        <p className={s.muted}>Sem foto.</p>
      )}
      <UploadForm kind="photo" uploadPath={props.uploadPath} pageBusy={props.busy} serverError={props.error} />
      {props.photoUrl ? <SmallPost intent="remove-photo" busy={props.busy} label="Remover foto" /> : null}
    </MemberSection>
  );
}

/** The member's files (size in KB), each with its delete button, and the form to add more. */
export function MemberFilesSection(
  props: UploadSectionProps & { files: { id: string; name: string; size: number; url: string }[] },
) {
  return (
    <MemberSection id="arquivos-titulo" title="Arquivos">
      {props.files.length ? (
        <ul className={s.list}>
          {props.files.map((file) => (
            <li key={file.id} className={s.row}>
              <a href={file.url} target="_blank" rel="noreferrer">
                {file.name}
              </a>
              <span className={s.hint}>{Math.max(1, Math.round(file.size / 1024))} KB</span>
              <SmallPost
                intent="delete-file"
                fields={{ fileId: file.id }}
                busy={props.busy}
                label="Excluir"
                ariaLabel={`Excluir ${file.name}`}
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className={s.muted}>Nenhum arquivo.</p>
      )}
      <UploadForm kind="files" uploadPath={props.uploadPath} pageBusy={props.busy} serverError={props.error} />
    </MemberSection>
  );
}
