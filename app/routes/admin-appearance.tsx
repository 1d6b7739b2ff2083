/**
 * `/admin/aparencia` (docs/spec.txt §1 "Theme settings"): title,
 * description, the three brand colours (hex, validated, with WCAG contrast
 * warnings that do not block saving) and the two logos (an uploaded image —
 * checked by content, stored through the storage interface, ADR 0019 — or a
 * site path). Saved in the
 * database (`site_settings`) and applied to the next page view without a
 * rebuild; "Restaurar padrão" forgets it (the configuration applies again).
 * Admin only; never cached.
 */
import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireRole } from "~/.server/auth";
import { assertSameOrigin } from "~/.server/auth/protection";
import { getStoredAppearance, resetAppearance, saveAppearance, storeLogo } from "~/.server/appearance";
import { readMultipart } from "~/.server/members/uploads";
import { redirectWithToast } from "~/.server/flash";
import { boundedReply } from "~/.server/form-reply";
import { DEFAULT_LOGO_SQUARE, getTheme } from "~/.server/theme";
import { AdminNav } from "~/components/admin-nav";
import * as s from "~/components/admin.css";
import {
  appearanceFormSchema,
  contrast,
  contrastWarnings,
  normalizeHexColor,
  TEXT_COLOR,
  WHITE,
} from "~/lib/appearance";
import { button } from "~/styles/ui.css";
import { ADMIN_APPEARANCE_PATH } from "~/lib/paths";

const PRIVATE = { "Cache-Control": "private, no-store" };

/** Guard (admin), then the theme in effect and whether it was saved here. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, "admin");
  const theme = getTheme();
  return json(
    {
      saved: getStoredAppearance() !== null,
      values: {
        title: theme.title,
        description: theme.description,
        primary: theme.colors.primary,
        secondary: theme.colors.secondary,
        light: theme.colors.light,
        logoSquare: theme.logos.square === DEFAULT_LOGO_SQUARE ? "" : theme.logos.square,
        logoHorizontal: theme.logos.horizontal ?? "",
      },
    },
    { headers: PRIVATE },
  );
}

/** Never cached. */
export const headers = () => PRIVATE;

/** Title and `noindex`. */
export const meta: MetaFunction = () => [
  { title: "Aparência | Administração" },
  { name: "robots", content: "noindex" },
];

/**
 * Guard (admin, revocation checked), Origin check, then `save` (400 with
 * field errors, or a redirect with a toast) or `reset`.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireRole(request, "admin", { checkRevoked: true });
  assertSameOrigin(request);
  const multipart = (request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data");
  const parsed = multipart ? await readMultipart(request) : { form: await request.formData() };
  if ("error" in parsed) {
    return json(
      { result: { status: "error" as const, error: { "": [parsed.error] } } },
      { status: 400, headers: PRIVATE },
    );
  }
  const formData = parsed.form;
  if (formData.get("intent") === "reset") {
    await resetAppearance();
    return redirectWithToast(
      ADMIN_APPEARANCE_PATH,
      { type: "success", title: "Aparência padrão restaurada" },
      { headers: PRIVATE },
    );
  }
  const submission = parseWithZod(formData, { schema: appearanceFormSchema });
  if (submission.status !== "success")
    return json({ result: boundedReply(submission, appearanceFormSchema) }, { status: 400, headers: PRIVATE });
  // Uploaded logos replace the typed paths; a refused file is reported beside its field and nothing is saved.
  const value = { ...submission.value };
  for (const [field, input, which] of LOGO_UPLOADS) {
    const file = formData.get(input);
    if (!(file instanceof File) || (file.size === 0 && !file.name)) continue;
    const stored = await storeLogo(file, which);
    if (!stored.ok)
      return json(
        { result: boundedReply(submission, appearanceFormSchema, { fieldErrors: { [field]: [stored.message] } }) },
        { status: 400, headers: PRIVATE },
      );
    value[field] = stored.path;
  }
  await saveAppearance(value, user.uid);
  const warnings = contrastWarnings(value);
  return redirectWithToast(
    ADMIN_APPEARANCE_PATH,
    warnings.length
      ? { type: "warning", title: "Aparência salva, com alertas de contraste", description: warnings[0]!.message }
      : { type: "success", title: "Aparência salva", description: "As mudanças já aparecem no site." },
    { headers: PRIVATE },
  );
}

/** The logo file inputs: the form field they fill, the input's name, the storage key part. */
const LOGO_UPLOADS = [
  ["logoSquare", "logoSquareFile", "quadrado"],
  ["logoHorizontal", "logoHorizontalFile", "horizontal"],
] as const;

const COLOR_FIELDS = [
  ["primary", "Cor primária", "Cabeçalho, rodapé e botões escuros."],
  ["secondary", "Cor secundária", "Botões de ação, destaques e ícones."],
  ["light", "Cor clara", "Fundos de seções."],
] as const;

/** The appearance form. */
export default function AdminAppearancePage() {
  const { saved, values } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [form, fields] = useForm({
    id: "aparencia",
    lastResult: actionData?.result,
    constraint: getZodConstraint(appearanceFormSchema),
    defaultValue: values,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: appearanceFormSchema }),
  });
  const current = {
    primary: normalizeHexColor(fields.primary.value ?? "") ?? values.primary,
    secondary: normalizeHexColor(fields.secondary.value ?? "") ?? values.secondary,
    light: normalizeHexColor(fields.light.value ?? "") ?? values.light,
  };
  const warnings = contrastWarnings(current);
  const onColor = (color: string) => (contrast(color, WHITE) >= contrast(color, TEXT_COLOR) ? WHITE : TEXT_COLOR);

  return (
    <div className={s.page}>
      <AdminNav />
      <header>
        <h1 className={s.title}>Aparência</h1>
        <p className={s.muted}>
          {saved ? "Aparência personalizada nesta administração." : "O site usa a aparência padrão (configuração)."} As
          mudanças valem a partir da próxima página aberta, sem publicar de novo.
        </p>
      </header>

      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className={s.form} noValidate>
        <input type="hidden" name="intent" value="save" />
        {form.errors?.length ? (
          <p id={form.errorId} className={s.alert} role="alert">
            {form.errors[0]}
          </p>
        ) : null}
        <div className={s.field}>
          <label htmlFor={fields.title.id} className={s.label}>
            Título do site
          </label>
          <input {...getInputProps(fields.title, { type: "text" })} key={fields.title.key} className={s.control} />
          {fields.title.errors?.length ? (
            <p id={fields.title.errorId} className={s.error}>
              {fields.title.errors[0]}
            </p>
          ) : null}
        </div>
        <div className={s.field}>
          <label htmlFor={fields.description.id} className={s.label}>
            Descrição
          </label>
          <textarea
            {...getTextareaProps(fields.description)}
            key={fields.description.key}
            className={s.control}
            rows={3}
          />
          <p className={s.hint}>Aparece nos buscadores e ao compartilhar o site.</p>
          {fields.description.errors?.length ? (
            <p id={fields.description.errorId} className={s.error}>
              {fields.description.errors[0]}
            </p>
          ) : null}
        </div>

        {COLOR_FIELDS.map(([name, label, hint]) => {
          const field = fields[name];
          const fieldWarnings = warnings.filter((warning) => warning.field === name);
          return (
            <div key={name} className={s.field}>
              <label htmlFor={field.id} className={s.label}>
                {label}
              </label>
              <div className={s.colorRow}>
                <input
                  type="color"
                  className={s.swatch}
                  value={current[name]}
                  aria-label={`Escolher ${label.toLowerCase()}`}
                  onChange={(event) => form.update({ name: field.name, value: event.currentTarget.value })}
                />
                <input
                  {...getInputProps(field, { type: "text" })}
                  key={field.key}
                  className={s.control}
                  autoComplete="off"
                  spellCheck={false}
                  placeholder="#000000"
                  style={{ maxWidth: "12rem" }}
                />
              </div>
              <p className={s.hint}>{hint}</p>
              {field.errors?.length ? (
                <p id={field.errorId} className={s.error}>
                  {field.errors[0]}
                </p>
              ) : null}
              {fieldWarnings.map((warning) => (
                <p key={warning.message} className={s.warning} role="status">
                  {warning.message}
                </p>
              ))}
            </div>
          );
        })}

        <div className={s.preview} style={{ background: current.light }} aria-label="Prévia das cores">
          <div
            style={{
              background: current.primary,
              color: onColor(current.primary),
              padding: "10px 14px",
              borderRadius: 8,
              fontWeight: 700,
            }}
          >
            {fields.title.value || values.title}
          </div>
          <span>
            <span
              style={{
                background: current.secondary,
                color: onColor(current.secondary),
                padding: "8px 16px",
                borderRadius: 999,
                fontWeight: 600,
                display: "inline-block",
              }}
            >
              Quero vender meu imóvel
            </span>
          </span>
          <span style={{ color: TEXT_COLOR }}>Texto sobre a cor clara.</span>
        </div>

        <div className={s.field}>
          <label htmlFor={fields.logoSquare.id} className={s.label}>
            Logotipo quadrado
          </label>
          <input
            {...getInputProps(fields.logoSquare, { type: "text" })}
            key={fields.logoSquare.key}
            className={s.control}
            placeholder="/logo-square.svg"
          />
          <label className={s.hint}>
            Ou envie uma imagem (JPEG, PNG ou WebP, até 10 MB):{" "}
            <input
              type="file"
              name="logoSquareFile"
              accept="image/jpeg,image/png,image/webp"
              aria-label="Enviar logotipo quadrado"
            />
          </label>
          <p className={s.hint}>
            Caminho de uma imagem do site. Vazio: o símbolo gerado a partir do nome da imobiliária.
          </p>
          {fields.logoSquare.errors?.length ? (
            <p id={fields.logoSquare.errorId} className={s.error}>
              {fields.logoSquare.errors[0]}
            </p>
          ) : null}
        </div>
        <div className={s.field}>
          <label htmlFor={fields.logoHorizontal.id} className={s.label}>
            Logotipo horizontal
          </label>
          <input
            {...getInputProps(fields.logoHorizontal, { type: "text" })}
            key={fields.logoHorizontal.key}
            className={s.control}
            placeholder="/logo-horizontal.svg"
          />
          <label className={s.hint}>
            Ou envie uma imagem (JPEG, PNG ou WebP, até 10 MB):{" "}
            <input
              type="file"
              name="logoHorizontalFile"
              accept="image/jpeg,image/png,image/webp"
              aria-label="Enviar logotipo horizontal"
            />
          </label>
          <p className={s.hint}>Vazio: o cabeçalho mostra o símbolo ao lado do título.</p>
          {fields.logoHorizontal.errors?.length ? (
            <p id={fields.logoHorizontal.errorId} className={s.error}>
              {fields.logoHorizontal.errors[0]}
            </p>
          ) : null}
        </div>
        <div className={s.row}>
          <button type="submit" className={button.dark} disabled={busy}>
            Salvar aparência
          </button>
        </div>
      </Form>

      {saved ? (
        <Form method="post" className={s.row}>
          <input type="hidden" name="intent" value="reset" />
          <button type="submit" className={button.outline} disabled={busy}>
            Restaurar padrão
          </button>
          <span className={s.hint}>Volta ao título, às cores e aos logotipos da configuração.</span>
        </Form>
      ) : null}
    </div>
  );
}
