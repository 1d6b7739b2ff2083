/**
 * `/admin/redirecionamentos` (docs/spec.txt §2 "route rules"): the
 * route rules — from-path, target (site path or absolute URL), 301/302,
 * active — with a form to add or edit one (`?editar=<id>`), and buttons to
 * turn a rule on or off and to delete it. Validation (one zod schema,
 * `~/lib/redirects`) shows pt-BR messages beside each field; the server also
 * refuses a duplicate from-path and a rule that would close a cycle. A save
 * applies at once (cache reload, page cache emptied). Admin only; never cached.
 */
import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { requireRole } from "~/.server/auth";
import { assertSameOrigin } from "~/.server/auth/protection";
import { redirectWithToast } from "~/.server/flash";
import { boundedReply } from "~/.server/form-reply";
import { deleteRedirect, listRedirects, saveRedirect, setRedirectActive } from "~/.server/redirects";
import { AdminNav } from "~/components/admin-nav";
import * as s from "~/components/admin.css";
import { redirectFormSchema } from "~/lib/redirects";
import { button } from "~/styles/ui.css";
import { ADMIN_REDIRECTS_PATH } from "~/lib/paths";

const PRIVATE = { "Cache-Control": "private, no-store" };

/** Guard (admin), then every rule and the one being edited (`?editar=`). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, "admin");
  const rules = await listRedirects();
  const editId = new URL(request.url).searchParams.get("editar");
  const editing = rules.find((rule) => rule.id === editId) ?? null;
  return json(
    {
      rules: rules.map((rule) => ({
        id: rule.id,
        fromPath: rule.fromPath,
        target: rule.target,
        statusCode: rule.statusCode,
        active: rule.active,
      })),
      editing: editing
        ? {
            id: editing.id,
            fromPath: editing.fromPath,
            target: editing.target,
            statusCode: editing.statusCode,
            active: editing.active,
          }
        : null,
    },
    { headers: PRIVATE },
  );
}

/** Never cached. */
export const headers = () => PRIVATE;

/** Title and `noindex`. */
export const meta: MetaFunction = () => [
  { title: "Redirecionamentos | Administração" },
  { name: "robots", content: "noindex" },
];

const ruleActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("toggle"), id: z.string().uuid(), active: z.enum(["true", "false"]) }),
  z.object({ intent: z.literal("delete"), id: z.string().uuid() }),
]);

/**
 * Guard (admin, revocation checked), Origin check, then `save` (Conform
 * submission: 400 with field errors, or a redirect with a toast), `toggle`
 * or `delete`.
 */
export async function action({ request }: ActionFunctionArgs) {
  await requireRole(request, "admin", { checkRevoked: true });
  assertSameOrigin(request);
  const formData = await request.formData();
  if (formData.get("intent") === "save") {
    const submission = parseWithZod(formData, { schema: redirectFormSchema });
    if (submission.status !== "success")
      return json(
        { result: boundedReply(submission, redirectFormSchema), error: null },
        { status: 400, headers: PRIVATE },
      );
    const saved = await saveRedirect(submission.value);
    if (!saved.ok) {
      return json(
        { result: boundedReply(submission, redirectFormSchema, { fieldErrors: saved.fieldErrors }), error: null },
        { status: 400, headers: PRIVATE },
      );
    }
    return redirectWithToast(
      ADMIN_REDIRECTS_PATH,
      {
        type: "success",
        title: submission.value.id ? "Redirecionamento atualizado" : "Redirecionamento criado",
        description: `${saved.redirect.fromPath} → ${saved.redirect.target}`,
      },
      { headers: PRIVATE },
    );
  }
  const parsed = ruleActionSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success)
    return json({ result: null, error: "Pedido inválido. Recarregue a página." }, { status: 400, headers: PRIVATE });
  if (parsed.data.intent === "delete") {
    await deleteRedirect(parsed.data.id);
    return redirectWithToast(
      ADMIN_REDIRECTS_PATH,
      { type: "success", title: "Redirecionamento excluído" },
      { headers: PRIVATE },
    );
  }
  const active = parsed.data.active === "true";
  const problem = await setRedirectActive(parsed.data.id, active);
  if (problem) return json({ result: null, error: problem }, { status: 400, headers: PRIVATE });
  return redirectWithToast(
    ADMIN_REDIRECTS_PATH,
    { type: "success", title: active ? "Redirecionamento ativado" : "Redirecionamento desativado" },
    { headers: PRIVATE },
  );
}

function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  return errors?.length ? (
    <p id={id} className={s.error}>
      {errors[0]}
    </p>
  ) : null;
}

/** The rules page. */
export default function AdminRedirectsPage() {
  const { rules, editing } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [form, fields] = useForm({
    id: editing ? `redirecionamento-${editing.id}` : "redirecionamento-novo",
    lastResult: actionData?.result ?? undefined,
    constraint: getZodConstraint(redirectFormSchema),
    defaultValue: editing
      ? {
          id: editing.id,
          fromPath: editing.fromPath,
          target: editing.target,
          statusCode: String(editing.statusCode),
          active: editing.active ? "on" : undefined,
        }
      : { statusCode: "301", active: "on" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: redirectFormSchema }),
  });

  return (
    <div className={s.page}>
      <AdminNav />
      <header>
        <h1 className={s.title}>Redirecionamentos</h1>
        <p className={s.muted}>
          Quem abrir o caminho de origem vai para o destino. Use 301 para mudanças definitivas e 302 para temporárias.
          Caminhos da administração, do login e do sistema não podem ser redirecionados.
        </p>
      </header>

      {actionData?.error ? (
        <p className={s.alert} role="alert">
          {actionData.error}
        </p>
      ) : null}

      <Form
        method="post"
        {...getFormProps(form)}
        className={s.form}
        aria-labelledby="redirecionamento-titulo"
        noValidate
      >
        <h2 id="redirecionamento-titulo" className={s.label} style={{ fontSize: "1.1rem", margin: 0 }}>
          {editing ? `Editar ${editing.fromPath}` : "Novo redirecionamento"}
        </h2>
        <input type="hidden" name="intent" value="save" />
        {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
        {form.errors?.length ? (
          <p id={form.errorId} className={s.alert} role="alert">
            {form.errors[0]}
          </p>
        ) : null}
        <div className={s.field}>
          <label htmlFor={fields.fromPath.id} className={s.label}>
            Caminho de origem
          </label>
          <input
            {...getInputProps(fields.fromPath, { type: "text" })}
            key={fields.fromPath.key}
            className={s.control}
            placeholder="/promocao"
            autoComplete="off"
          />
          <FieldError id={fields.fromPath.errorId} errors={fields.fromPath.errors} />
        </div>
        <div className={s.field}>
          <label htmlFor={fields.target.id} className={s.label}>
            Destino
          </label>
          <input
            {...getInputProps(fields.target, { type: "text" })}
            key={fields.target.key}
            className={s.control}
            placeholder="/todos-os-imoveis ou https://exemplo.com.br/pagina"
            autoComplete="off"
            inputMode="url"
          />
          <p className={s.hint}>Um caminho do site (começando com /) ou um endereço completo começando com https://.</p>
          <FieldError id={fields.target.errorId} errors={fields.target.errors} />
        </div>
        <div className={s.field}>
          <label htmlFor={fields.statusCode.id} className={s.label}>
            Tipo
          </label>
          <select {...getSelectProps(fields.statusCode)} key={fields.statusCode.key} className={s.control}>
            <option value="301">301 – permanente</option>
            <option value="302">302 – temporário</option>
          </select>
          <FieldError id={fields.statusCode.errorId} errors={fields.statusCode.errors} />
        </div>
        <label className={s.checkbox}>
          <input {...getInputProps(fields.active, { type: "checkbox" })} key={fields.active.key} />
          Ativo
        </label>
        <div className={s.row}>
          <button type="submit" className={button.dark} disabled={busy}>
            {editing ? "Salvar alterações" : "Adicionar redirecionamento"}
          </button>
          {editing ? (
            <Link to={ADMIN_REDIRECTS_PATH} className={button.ghost}>
              Cancelar
            </Link>
          ) : null}
        </div>
      </Form>

      <section aria-labelledby="regras-titulo" className={s.page}>
        <h2 id="regras-titulo" className={s.label} style={{ fontSize: "1.1rem", margin: 0 }}>
          {rules.length === 0
            ? "Nenhum redirecionamento cadastrado"
            : rules.length === 1
              ? "1 redirecionamento"
              : `${rules.length} redirecionamentos`}
        </h2>
        <ul className={s.list}>
          {rules.map((rule) => (
            <li key={rule.id} className={s.card} data-testid="redirecionamento">
              <div className={s.leadHead}>
                <strong style={{ overflowWrap: "anywhere" }}>
                  {rule.fromPath} → {rule.target}
                </strong>
                <span className={s.row}>
                  <span className={`${s.badge} ${s.badgeTone.neutral}`}>
                    {rule.statusCode === 301 ? "301 permanente" : "302 temporário"}
                  </span>
                  <span className={`${s.badge} ${rule.active ? s.badgeTone.sent : s.badgeTone.pending}`}>
                    {rule.active ? "Ativo" : "Inativo"}
                  </span>
                </span>
              </div>
              <div className={s.row}>
                <Link
                  to={`${ADMIN_REDIRECTS_PATH}?editar=${rule.id}`}
                  className={`${button.outline} ${s.smallButton}`}
                  aria-label={`Editar ${rule.fromPath}`}
                >
                  Editar
                </Link>
                <Form method="post" className={s.inlineForm}>
                  <input type="hidden" name="intent" value="toggle" />
                  <input type="hidden" name="id" value={rule.id} />
                  <input type="hidden" name="active" value={rule.active ? "false" : "true"} />
                  <button type="submit" className={`${button.outline} ${s.smallButton}`} disabled={busy}>
                    {rule.active ? "Desativar" : "Ativar"}
                  </button>
                </Form>
                <Form
                  method="post"
                  className={s.inlineForm}
                  onSubmit={(event) => {
                    if (!window.confirm(`Excluir o redirecionamento de ${rule.fromPath}?`)) event.preventDefault();
                  }}
                >
                  <input type="hidden" name="intent" value="delete" />
                  <input type="hidden" name="id" value={rule.id} />
                  <button
                    type="submit"
                    className={`${button.ghost} ${s.smallButton}`}
                    disabled={busy}
                    aria-label={`Excluir ${rule.fromPath}`}
                  >
                    Excluir
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
