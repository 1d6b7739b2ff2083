/**
 * `/detalhes/{condominio}/{id}/agendar` (ADR 0088): book a visit to a listing. The listing's
 * summary, the free slots of the next days (its broker's calendar, else the agency's) as radio
 * buttons grouped by day (`?dia=` pages the days), name, phone and an optional e-mail, with the
 * contact forms' spam defence, idempotency and privacy notice. Works without JavaScript (a plain
 * POST); success goes to the manage page `/visitas/{token}?agendada=1`, the confirmation.
 *
 * Unknown listing → 404, removed listing → 410 (the error screen), wrong `{condominio}` → 301.
 * Never cached: each render carries its own form tokens and the slots of the moment.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { getListingPage } from "~/.server/catalogue/detail";
import { getDb } from "~/.server/db";
import { leadFormTokens } from "~/.server/leads/form-guard";
import { getTheme } from "~/.server/theme";
import { handleVisitBooking } from "~/.server/visits/book-form";
import { bookingPageData } from "~/.server/visits/pages";
import { CoverThumb } from "~/components/cover-thumb";
import { Field, FormAlert } from "~/components/forms";
import { SpamGuardFields } from "~/components/spam-guard-fields";
import { VisitSlotPicker } from "~/components/visit-slot-picker";
import * as s from "~/components/visit.css";
import { publicPageHeaders } from "~/lib/cache-control";
import { pageNotFound } from "~/lib/errors";
import { LEAD_EMAIL_MAX, LEAD_NAME_MAX, LEAD_PHONE_MAX } from "~/lib/lead-fields";
import { LGPD_PATH } from "~/lib/paths";
import { dayParam, type VisitFormErrors } from "~/lib/visit-form";
import { button, container } from "~/styles/ui.css";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const page = await bookingPageData(getDb().db, url, params.id ?? "", dayParam(url));
  return data(
    { ...page, siteTitle: getTheme().title, tokens: leadFormTokens() },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** The booking form: the listing is this page's, whatever the form says. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const url = new URL(request.url);
  const page = await getListingPage(params.id ?? "");
  if (!page || page.removed) throw pageNotFound(url.pathname);
  return handleVisitBooking(request, {
    db: getDb().db,
    listingCode: page.listing.code,
    listingPath: page.path,
    clientIp: context.clientIp,
  });
}

/** The loader's `private, no-store`, or an error's own. */
export const headers = publicPageHeaders;

/** The page's title (the listing's), not indexed: the slots change by the minute. */
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? [
        { title: `Agendar visita: ${data.listing.title} | ${data.siteTitle}` },
        {
          name: "description",
          content: `Escolha um horário livre dos próximos dias para visitar ${data.listing.title}, sem cadastro.`,
        },
        { name: "robots", content: "noindex, follow" },
      ]
    : [{ title: "Agendar visita" }];

/** The booking page. */
export default function VisitBookPage() {
  const { listing, slots, tokens } = useLoaderData<typeof loader>();
  const errors = useActionData<VisitFormErrors>();
  const pending = useNavigation().state === "submitting";
  const fieldErrors = errors?.fieldErrors ?? {};
  const values = errors?.values ?? {};
  const path = `${listing.path}/agendar`;
  return (
    <div className={`${container} ${s.page}`}>
      <h1 className={s.title}>Agendar visita</h1>
      <div className={s.summary} data-testid="visita-imovel">
        {listing.coverPhotoUrl ? (
          <CoverThumb className={s.cover} url={listing.coverPhotoUrl} alt="" />
        ) : (
          <span className={s.cover} />
        )}
        <div className={s.summaryText}>
          <Link to={listing.path}>
            <strong>{listing.title}</strong>
          </Link>
          <p className={s.muted}>
            {listing.place} · Cód. {listing.code}
          </p>
        </div>
      </div>
      <Form method="post" action={path} className={s.form} aria-busy={pending || undefined} data-visit-form="">
        <SpamGuardFields
          idempotencyKey={tokens.idempotencyKey}
          startedAt={errors?.startedAt ?? tokens.startedAt}
          enhanced={false}
        />
        <VisitSlotPicker
          {...slots}
          path={path}
          legend="Escolha o dia e o horário (horário de Brasília)"
          checked={values.slot}
          errors={fieldErrors.slot}
        />
        <Field
          label="Nome"
          errors={fieldErrors.name}
          inputProps={{
            name: "name",
            autoComplete: "name",
            maxLength: LEAD_NAME_MAX,
            required: true,
            defaultValue: values.name,
          }}
        />
        <div className={s.row}>
          <Field
            label="Telefone"
            errors={fieldErrors.phone}
            hint="Com DDD, por exemplo (11) 91234-5678."
            inputProps={{
              name: "phone",
              type: "tel",
              inputMode: "tel",
              autoComplete: "tel",
              maxLength: LEAD_PHONE_MAX,
              required: true,
              defaultValue: values.phone,
            }}
          />
          <Field
            label="E-mail"
            optional
            errors={fieldErrors.email}
            hint="Para receber a confirmação e o convite da agenda."
            inputProps={{
              name: "email",
              type: "email",
              inputMode: "email",
              autoComplete: "email",
              maxLength: LEAD_EMAIL_MAX,
              defaultValue: values.email,
            }}
          />
        </div>
        <FormAlert message={errors?.formError} />
        <div className={s.actions}>
          <button type="submit" className={button.primary} disabled={pending || !slots.days.length}>
            {pending ? "Agendando…" : "Agendar visita"}
          </button>
        </div>
        <p className={s.note}>
          Usamos seus dados só para organizar a visita e falar com você sobre este imóvel.{" "}
          <Link to={LGPD_PATH}>Política de privacidade</Link>
        </p>
      </Form>
    </div>
  );
}
