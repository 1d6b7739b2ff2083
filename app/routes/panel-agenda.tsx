/**
 * `/painel/agenda`, the broker's visit hours (ADR 0093): per weekday one or two intervals or none,
 * days off, the visit's length, the buffer between visits, how far ahead and the minimum notice
 * (`~/lib/availability-form`); until the broker saves, the agency's opening hours are shown.
 * Below: a preview of the next bookable times as the booking page computes them, and the broker's
 * upcoming visits, each linking to its lead. Agent or admin only; never cached; works without
 * JavaScript (a plain POST, then a 303 back here).
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireRole } from "~/.server/auth";
import { assertSameOrigin } from "~/.server/auth/protection";
import { getDb } from "~/.server/db";
import {
  agendaPreview,
  listingTitles,
  loadAvailability,
  saveAvailability,
  upcomingVisits,
} from "~/.server/visits/availability-store";
import * as s from "~/components/agenda.css";
import { AvailabilityForm } from "~/components/availability-form";
import * as f from "~/components/auth-form.css";
import * as p from "~/components/private-listing.css";
import { availabilityFormValues, parseAvailabilityForm } from "~/lib/availability-form";
import { privatePage, privatePageHeaders } from "~/lib/cache-control";
import { panelLeadPath } from "~/lib/lead-workflow";
import { PANEL_PATH } from "~/lib/paths";
import { saoPauloTime } from "~/lib/sao-paulo-time";
import { visitShortDayText, visitTimeText } from "~/lib/visit-format";
import { container } from "~/styles/ui.css";

/** This page's path. */
const AGENDA_PATH = `${PANEL_PATH}/agenda`;

/** Guard, then the broker's settings (or the agency's defaults), the preview and the upcoming visits. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRole(request, "agent");
  const db = getDb().db;
  const now = new Date();
  const { settings, saved } = await loadAvailability(db, user.uid);
  const [preview, visits] = await Promise.all([
    agendaPreview(db, user.uid, settings, now),
    upcomingVisits(db, user.uid, now),
  ]);
  const titles = await listingTitles(
    db,
    visits.map((visit) => visit.listingCode),
  );
  return data(
    {
      values: availabilityFormValues(settings),
      saved,
      justSaved: new URL(request.url).searchParams.get("salvo") === "1",
      preview,
      visits: visits.map((visit) => ({ ...visit, title: titles.get(visit.listingCode) ?? "" })),
    },
    { headers: privatePage() },
  );
}

/** Validates and saves the broker's own settings; refused fields go back with their messages (400). */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireRole(request, "agent", { checkRevoked: true });
  assertSameOrigin(request);
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    return data({ values: {}, errors: {}, formError: "Formulário inválido." }, { status: 400, headers: privatePage() });
  }
  const result = parseAvailabilityForm(formData);
  if (!result.ok)
    return data(
      { values: result.values, errors: result.errors, formError: null },
      { status: 400, headers: privatePage() },
    );
  try {
    await saveAvailability(getDb().db, user.uid, result.settings);
  } catch (error) {
    console.error("[agenda] não foi possível salvar os horários", error);
    return data(
      {
        values: availabilityFormValues(result.settings),
        errors: {},
        formError: "Não conseguimos salvar agora. Tente novamente em instantes: seus horários continuam no formulário.",
      },
      { status: 503, headers: privatePage() },
    );
  }
  throw redirect(`${AGENDA_PATH}?salvo=1`, { status: 303, headers: privatePage() });
}

/** Never cached. */
export const headers = privatePageHeaders;

/** Title and `noindex`. */
export const meta: MetaFunction = () => [{ title: "Agenda de visitas" }, { name: "robots", content: "noindex" }];

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

/** The next bookable times, day by day. */
function Preview({ preview }: { preview: Data["preview"] }) {
  return (
    <section aria-labelledby="proximos-horarios" className={p.page}>
      <h2 id="proximos-horarios" className={p.heading}>
        Próximos horários livres
      </h2>
      {preview.length === 0 ? (
        <p className={p.muted} data-testid="preview-vazio">
          Nenhum horário livre nos próximos dias com estas configurações.
        </p>
      ) : (
        <ul className={s.list} data-testid="preview">
          {preview.map((day) => (
            <li key={day.day} className={s.listItem} data-testid="preview-dia">
              <strong>{visitShortDayText(saoPauloTime(day.day, 12, 0))}</strong>
              <ul className={s.times} aria-label={`Horários de ${visitShortDayText(saoPauloTime(day.day, 12, 0))}`}>
                {day.times.map((time) => (
                  <li key={time} className={s.time}>
                    {time}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
      <p className={p.muted}>É o que os visitantes veem ao agendar uma visita com você: já tira as visitas marcadas.</p>
    </section>
  );
}

/** The broker's visits still to come. */
function UpcomingVisits({ visits }: { visits: Data["visits"] }) {
  return (
    <section aria-labelledby="proximas-visitas" className={p.page}>
      <h2 id="proximas-visitas" className={p.heading}>
        Próximas visitas
      </h2>
      {visits.length === 0 ? (
        <p className={p.muted}>Nenhuma visita agendada.</p>
      ) : (
        <ul className={s.list} data-testid="visitas">
          {visits.map((visit) => (
            <li key={visit.id} className={s.listItem}>
              <strong>
                {visitShortDayText(new Date(visit.startsAt))}, {visitTimeText(new Date(visit.startsAt))}–
                {visitTimeText(new Date(visit.endsAt))}
              </strong>
              <br />
              {visit.title || `Imóvel ${visit.listingCode}`} (cód. {visit.listingCode}) · {visit.visitorName}
              {visit.leadId ? (
                <>
                  {" · "}
                  <Link to={panelLeadPath(visit.leadId)}>Ver atendimento</Link>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The broker's agenda. */
export default function PanelAgendaPage() {
  const data = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  return (
    <div className={`${container} ${p.page}`}>
      <header>
        <h1 className={f.title}>Agenda de visitas</h1>
        <p className={p.muted}>
          <Link to={PANEL_PATH}>Voltar ao painel</Link>
        </p>
      </header>
      {data.justSaved && !refused ? (
        <p className={s.saved} role="status">
          Horários salvos.
        </p>
      ) : null}
      <section aria-labelledby="horarios" className={p.page}>
        <h2 id="horarios" className={p.heading}>
          Horários de visita
        </h2>
        <p className={p.muted}>
          {data.saved
            ? "Os visitantes agendam visitas aos seus imóveis nestes horários (horário de Brasília)."
            : "Ainda não salvos: mostramos o horário de funcionamento da imobiliária. Ajuste e salve."}
        </p>
        <AvailabilityForm
          values={refused?.values ?? data.values}
          errors={refused?.errors ?? {}}
          formError={refused?.formError}
        />
      </section>
      <Preview preview={data.preview} />
      <UpcomingVisits visits={data.visits} />
    </div>
  );
}
