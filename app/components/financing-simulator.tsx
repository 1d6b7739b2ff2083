/**
 * "Simule o financiamento" on a sale listing
 * (docs/decisions/0035-financing-simulator.md): down payment, term, yearly
 * rate and system, with SAC and Price side by side — first and last
 * instalment, total paid, total interest and the income usually required.
 *
 * Without JavaScript it is a GET form on the listing's own URL
 * (`?entrada=&prazo=&juros=&sistema=#simulador`): the loader reads the
 * parameters and the page comes back with the figures, or a pt-BR message
 * beside each refused field. "Falar com um corretor" submits the same form
 * with `contato=1` to `#mais-informacoes`, and the loader puts the
 * simulation in the lead form's message. The first render shows the
 * loader's own simulation. Once hydrated, the reader and calculation
 * (`~/lib/financing-simulation`, pure) are imported when the form first
 * takes focus or is first used, and from then on the figures follow every
 * keystroke; "Simular" only updates the URL, and "Falar com um corretor"
 * fills the message, scrolls to the form and focuses it. Until the import
 * has arrived, and if it fails, "Simular" asks the loader and "Falar com um
 * corretor" submits as without JavaScript
 * (docs/decisions/0047-shell-chunks-and-deferred-calculations.md).
 */
import { useNavigate } from "@remix-run/react";
import { Fragment, useRef, useState, type FormEvent, type MouseEvent } from "react";
import type { AmortisationSummary, FinancingResult } from "~/lib/financing";
import {
  type FinancingSimulatorData,
  formatPercent,
  formatTerm,
  shownSystems,
  SIMULATION_PARAMS,
  SIMULATOR_ANCHOR,
  simulationMessage,
  SYSTEM_LABELS,
} from "~/lib/financing-form";
import type { readSimulation } from "~/lib/financing-simulation";
import { formatPrice, formatPriceCents } from "~/lib/format";
import { button } from "~/styles/ui.css";
import * as p from "./detail-page.css";
import * as s from "./financing-simulator.css";
import { Field, SelectField } from "./forms";

/** Props of {@link FinancingSimulator}. */
export interface FinancingSimulatorProps extends FinancingSimulatorData {
  /** The listing code (in the broker message). */
  code: string;
  /** `id` of the "mais informações" form, whose `message` the broker button fills. */
  leadFormId: string;
}

/** A rate as typed in the field: "10,99". */
const rateText = (rate: number) => formatPercent(rate).replace("%", "");

const SYSTEM_NOTES = { sac: "parcelas decrescentes", price: "parcelas fixas" } as const;

/** The simulator's reader and calculation, `~/lib/financing-simulation`'s `readSimulation`. */
type SimulationReader = typeof readSimulation;

/** Whether two query objects hold the same parameters. */
function sameQuery(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/** The simulator section; see the module comment. */
export function FinancingSimulator(props: FinancingSimulatorProps) {
  const { price, settings, code, path, leadFormId } = props;
  const navigate = useNavigate();
  const [query, setQuery] = useState(props.query);
  const [reader, setReader] = useState<SimulationReader | null>(null);
  const [readerFailed, setReaderFailed] = useState(false);
  const readerRequested = useRef(false);
  const requestReader = () => {
    if (readerRequested.current) return;
    readerRequested.current = true;
    import("~/lib/financing-simulation").then(
      (module) => setReader(() => module.readSimulation),
      () => {
        readerRequested.current = false; // The next focus tries again; meanwhile the buttons submit.
        setReaderFailed(true);
      },
    );
  };
  // The loader's simulation is that of `props.query`; after an edit, the reader's.
  const upToDate = reader !== null || sameQuery(query, props.query);
  const simulation = reader ? reader(new URLSearchParams(query), price, settings) : props.simulation;
  const { values, errors, result } = simulation;

  const formQuery = (form: HTMLFormElement) => {
    const next: Record<string, string> = {};
    for (const [name, value] of new FormData(form)) if (typeof value === "string") next[name] = value;
    return next;
  };
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    requestReader();
    setQuery(formQuery(event.currentTarget));
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // "Falar com um corretor" on an edit the page has not calculated: the plain submission, whose loader fills the message.
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (submitter?.getAttribute("name") === SIMULATION_PARAMS.contact && !upToDate) return;
    event.preventDefault();
    requestReader(); // A click need not focus the button (Safari).
    const next = formQuery(event.currentTarget);
    setQuery(next); // The loader's answer will be for exactly these parameters.
    navigate(`?${new URLSearchParams(next)}#${SIMULATOR_ANCHOR}`, { replace: true, preventScrollReset: true });
  };
  const onContact = (event: MouseEvent<HTMLButtonElement>) => {
    const message = document.querySelector<HTMLTextAreaElement>(`#${leadFormId} textarea[name="message"]`);
    // The plain submission: the loader reports the errors or fills the message.
    if (!result || !message || !upToDate) return;
    event.preventDefault();
    const setValue = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")?.set;
    setValue?.call(message, simulationMessage(code, result, values.sistema));
    message.dispatchEvent(new Event("input", { bubbles: true }));
    message.closest("form")?.scrollIntoView({ behavior: "smooth", block: "start" });
    message.focus({ preventScroll: true });
  };
  const rateLink = (rate: number) => {
    const search = new URLSearchParams({ ...query, [SIMULATION_PARAMS.rate]: rateText(rate) });
    search.delete(SIMULATION_PARAMS.contact);
    return `${path}?${search}#${SIMULATOR_ANCHOR}`;
  };
  const onBank = (event: MouseEvent<HTMLAnchorElement>, rate: number) => {
    event.preventDefault();
    requestReader();
    // The links sit inside the form.
    const form = event.currentTarget.closest("form")!;
    const input = form.elements.namedItem(SIMULATION_PARAMS.rate);
    if (input instanceof HTMLInputElement) input.value = rateText(rate);
    setQuery(formQuery(form));
  };

  return (
    <section id={SIMULATOR_ANCHOR} className={p.section} aria-labelledby="simulador-titulo" data-price={price}>
      <h2 id="simulador-titulo">Simule o financiamento</h2>
      <p className={s.muted}>
        Estimativa para o valor de venda de {formatPrice(price)}, com juros efetivos ao ano. Não inclui seguros
        obrigatórios (MIP e DFI), taxas do banco, correção pela TR nem custos de escritura e ITBI; as condições finais
        dependem da análise de crédito do banco.
      </p>
      <form
        method="get"
        action={`${path}#${SIMULATOR_ANCHOR}`}
        className={s.form}
        noValidate
        onFocus={requestReader}
        onChange={onChange}
        onSubmit={onSubmit}
      >
        <SimulatorFields values={values} errors={errors} />
        {settings.banks.length ? (
          <ul className={s.banks} aria-label="Juros de bancos">
            {settings.banks.map((bank) => (
              <li key={bank.name}>
                <a
                  className={s.bank}
                  href={rateLink(bank.yearlyRatePercent)}
                  aria-current={result?.yearlyRatePercent === bank.yearlyRatePercent || undefined}
                  onClick={(event) => onBank(event, bank.yearlyRatePercent)}
                >
                  {bank.name} {formatPercent(bank.yearlyRatePercent)} a.a.
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        <div className={s.actions}>
          <button type="submit" className={button.outline}>
            Simular
          </button>
          <button
            type="submit"
            name={SIMULATION_PARAMS.contact}
            value="1"
            formAction={`${path}#${leadFormId}`}
            className={button.primary}
            onClick={onContact}
          >
            Falar com um corretor
          </button>
        </div>
      </form>

      <div aria-live="polite" data-financing-results="" aria-busy={!upToDate || undefined}>
        {result ? <Results result={result} systems={shownSystems(values.sistema)} /> : null}
        {readerFailed && !upToDate ? <p className={s.muted}>Toque em Simular para atualizar os valores.</p> : null}
      </div>
    </section>
  );
}

/** The numeric fields in form order: their label, hint, parameter (also the key of their value and message) and keyboard. */
const NUMBER_FIELDS = [
  {
    label: "Entrada (R$)",
    hint: "Mínimo de 20% do valor.",
    param: SIMULATION_PARAMS.downPayment,
    inputMode: "decimal",
  },
  { label: "Prazo (meses)", hint: "Até 420 meses (35 anos).", param: SIMULATION_PARAMS.term, inputMode: "numeric" },
  { label: "Juros (% ao ano)", hint: "Taxa efetiva anual.", param: SIMULATION_PARAMS.rate, inputMode: "decimal" },
] as const;

/** The simulator's fields (entrada, prazo, juros, sistema) with the values and the messages of the simulation shown. */
function SimulatorFields({ values, errors }: Pick<FinancingSimulatorProps["simulation"], "values" | "errors">) {
  return (
    <div className={s.fields}>
      {NUMBER_FIELDS.map(({ label, hint, param, inputMode }) => (
        <Field
          key={param}
          label={label}
          hint={hint}
          errors={[errors[param]]}
          inputProps={{ name: param, defaultValue: values[param], inputMode, autoComplete: "off", maxLength: 20 }}
        />
      ))}
      <SelectField
        label="Sistema de amortização"
        selectProps={{ name: SIMULATION_PARAMS.system, defaultValue: values.sistema }}
      >
        <option value="ambos">SAC e Price</option>
        <option value="sac">SAC</option>
        <option value="price">Price</option>
      </SelectField>
    </div>
  );
}

function Results({ result, systems }: { result: FinancingResult; systems: ReturnType<typeof shownSystems> }) {
  if (result.financed === 0)
    return <p className={s.summary}>Sem financiamento: a entrada cobre todo o valor do imóvel.</p>;
  return (
    <div className={s.form}>
      <p className={s.summary}>
        Valor financiado <strong>{formatPriceCents(result.financed)}</strong> em {formatTerm(result.termMonths)} a{" "}
        {formatPercent(result.yearlyRatePercent)} ao ano ({formatPercent(result.monthlyRate * 100)} ao mês).
      </p>
      <div className={s.results}>
        {systems.map((system) => (
          <SystemCard
            key={system}
            title={`${SYSTEM_LABELS[system]} · ${SYSTEM_NOTES[system]}`}
            figures={result.systems[system]}
            system={system}
          />
        ))}
      </div>
      <p className={s.muted}>
        Estimativa. Renda mínima considerando parcela de até 30% da renda bruta mensal, a regra usual dos bancos.
      </p>
    </div>
  );
}

function SystemCard({ title, figures, system }: { title: string; figures: AmortisationSummary; system: string }) {
  const rows: [string, string][] = [
    ["Primeira parcela", formatPriceCents(figures.firstInstalment)],
    ["Última parcela", formatPriceCents(figures.lastInstalment)],
    ["Total pago", formatPriceCents(figures.totalPaid)],
    ["Total de juros", formatPriceCents(figures.totalInterest)],
    ["Renda mínima", formatPriceCents(figures.requiredIncome)],
  ];
  return (
    <article className={s.card} data-system={system}>
      <h3 className={s.cardTitle}>{title}</h3>
      <dl className={s.figures}>
        {rows.map(([label, value]) => (
          <Fragment key={label}>
            <dt className={s.term}>{label}</dt>
            <dd className={s.value}>{value}</dd>
          </Fragment>
        ))}
      </dl>
    </article>
  );
}
