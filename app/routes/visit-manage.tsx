/**
 * `/visitas/{token}` (ADR 0088): the visitor's own page of a visit — also the confirmation right
 * after booking (`?agendada=1`). Shows the date and time (São Paulo), the place, who receives the
 * visitor, the visitor's own data (the token is theirs), the calendar file and this link; while
 * the visit is booked and ahead, moves it to another free slot or cancels it (plain POSTs).
 *
 * A malformed or unknown token → 404; every request counts against a per-IP limit (429); never
 * cached, never indexed, no referrer.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { getDb } from "~/.server/db";
import { getTheme } from "~/.server/theme";
import { handleVisitChange } from "~/.server/visits/book-form";
import { guardedVisit, managePageData, VISIT_PAGE_HEADERS } from "~/.server/visits/pages";
import { FormAlert } from "~/components/forms";
import { VisitSlotPicker } from "~/components/visit-slot-picker";
import * as s from "~/components/visit.css";
import { publicPageHeaders } from "~/lib/cache-control";
import { dayParam, type VisitFormErrors } from "~/lib/visit-form";
import { button, container } from "~/styles/ui.css";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const db = getDb().db;
  const visit = await guardedVisit(db, url, params.token, context.clientIp);
  const page = await managePageData(db, visit, dayParam(url));
  return data({ ...page, siteTitle: getTheme().title }, { headers: VISIT_PAGE_HEADERS });
}

/** Move (`intent=reschedule`, `slot`) or cancel (`intent=cancel`). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const url = new URL(request.url);
  const db = getDb().db;
  const visit = await guardedVisit(db, url, params.token, context.clientIp);
  return handleVisitChange(request, visit, params.token!, { db, headers: VISIT_PAGE_HEADERS });
}

/** The loader's headers (`private, no-store`, no referrer), or an error's own. */
export const headers = publicPageHeaders;

/** A title without the visit's details, never indexed: the URL carries the visitor's token. */
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Sua visita | ${data.siteTitle}` : "Sua visita" },
  { name: "robots", content: "noindex, nofollow" },
];

const BANNERS: Record<string, string> = {
  agendada: "Visita agendada! Guarde este link para remarcar ou cancelar.",
  remarcada: "Visita remarcada.",
  cancelada: "Visita cancelada.",
};

/** The manage page. */
export default function VisitManagePage() {
  const data = useLoaderData<typeof loader>();
  const errors = useActionData<VisitFormErrors>();
  const location = useLocation();
  const navigation = useNavigation();
  const pending = navigation.state === "submitting";
  const params = new URLSearchParams(location.search);
  const banner = Object.keys(BANNERS).find((key) => params.get(key) === "1");
  const path = location.pathname;
  const cancelled = data.status === "cancelled";
  return (
    <div className={`${container} ${s.page}`}>
      {banner ? (
        <p className={s.banner} role="status" data-testid="visita-aviso">
          {BANNERS[banner]}
        </p>
      ) : null}
      <h1 className={s.title}>{cancelled ? "Visita cancelada" : "Sua visita"}</h1>
      <section className={s.card} aria-label="Dados da visita" data-testid="visita">
        <p className={s.when} data-testid="visita-quando">
          <time dateTime={data.startsAt}>
            {data.dayText} às {data.timeText}
          </time>
        </p>
        <p className={s.muted}>Horário de Brasília</p>
        <dl className={s.facts}>
          <div>
            <dt className={s.muted}>Imóvel</dt>
            <dd style={{ margin: 0 }}>
              {data.listing.path ? <Link to={data.listing.path}>{data.listing.title}</Link> : data.listing.title} (cód.{" "}
              {data.listing.code})
            </dd>
          </div>
          <div>
            <dt className={s.muted}>Local</dt>
            <dd style={{ margin: 0 }}>{data.listing.place || "—"}. O endereço exato é confirmado pelo corretor.</dd>
          </div>
          <div>
            <dt className={s.muted}>{data.host.label}</dt>
            <dd style={{ margin: 0 }}>
              {data.host.name}
              {data.host.phone ? ` · ${data.host.phone}` : ""}
            </dd>
          </div>
          <div>
            <dt className={s.muted}>Seus dados</dt>
            <dd style={{ margin: 0 }}>
              {data.visitor.name} · {data.visitor.phone}
              {data.visitor.email ? ` · ${data.visitor.email}` : ""}
            </dd>
          </div>
        </dl>
        {cancelled ? null : (
          <div className={s.actions}>
            <a className={button.outline} href={`${path}/convite.ics`} download="visita.ics" data-testid="visita-ics">
              Adicionar à agenda (.ics)
            </a>
          </div>
        )}
        <p className={s.note}>
          Este é o link da sua visita: guarde-o para remarcar ou cancelar. Quem tiver o link pode alterar a visita.
        </p>
      </section>
      {data.changeable ? <ChangeForms data={data} errors={errors} pending={pending} path={path} /> : null}
    </div>
  );
}

function ChangeForms(props: {
  data: ReturnType<typeof useLoaderData<typeof loader>>;
  errors: VisitFormErrors | undefined;
  pending: boolean;
  path: string;
}) {
  const { data, errors, pending, path } = props;
  return (
    <>
      <section aria-labelledby="remarcar">
        <h2 id="remarcar">Remarcar</h2>
        <Form method="post" className={s.form} data-testid="remarcar-form">
          <input type="hidden" name="intent" value="reschedule" />
          <VisitSlotPicker
            {...data.slots}
            path={path}
            legend="Escolha outro dia e horário (horário de Brasília)"
            errors={errors?.fieldErrors.slot}
          />
          <div className={s.actions}>
            <button type="submit" className={button.primary} disabled={pending || !data.slots.days.length}>
              Remarcar visita
            </button>
          </div>
        </Form>
      </section>
      <section aria-labelledby="cancelar">
        <h2 id="cancelar">Cancelar</h2>
        <Form method="post" className={s.form} data-testid="cancelar-form">
          <input type="hidden" name="intent" value="cancel" />
          <p className={s.muted}>O horário fica livre para outras pessoas. Você pode agendar de novo depois.</p>
          <FormAlert message={errors?.formError} />
          <div className={s.actions}>
            <button type="submit" className={button.outline} disabled={pending}>
              Cancelar visita
            </button>
          </div>
        </Form>
      </section>
    </>
  );
}
