/**
 * The broker's visit hours form (`/painel/agenda`, ADR 0093): a plain POST form (no JavaScript
 * needed), one group per weekday (Monday first) with a "sem visitas" box and two intervals, then
 * the days off, the slot length, the buffer, the horizon and the minimum notice. Field names and
 * rules: `~/lib/availability-form`; each refusal shows beside its field.
 */
import { Form } from "@remix-run/react";
import {
  AVAILABILITY_FIELDS as F,
  type AvailabilityFormValues,
  BUFFER_MINUTES,
  FORM_WEEKDAY_ORDER,
  HORIZON_DAYS,
  MAX_INTERVALS_PER_DAY,
  MIN_NOTICE_HOURS,
  SLOT_MINUTES_CHOICES,
  WEEKDAY_NAMES,
} from "~/lib/availability-form";
import { button, visuallyHidden } from "~/styles/ui.css";
import * as s from "./agenda.css";
import { CheckboxField, Field, FormAlert, SelectField, TextareaField } from "./forms";

/** Props of {@link AvailabilityForm}. */
export interface AvailabilityFormProps {
  /** What each field shows (saved settings, or what was typed when refused). */
  values: AvailabilityFormValues;
  /** The first message of each refused field, by field name. */
  errors: Record<string, string>;
  /** A message over the whole form (e.g. the database was unavailable). */
  formError?: string | null;
}

/** Props shared by the form's parts: what each field shows and each field's refusal. */
interface PartProps {
  values: AvailabilityFormValues;
  errors: Record<string, string>;
}

/**
 * One interval of a weekday: its "Das" and "Às" time fields (5-minute steps). The second and
 * later intervals carry a caption and a hidden "(2º horário)" in each label, so a screen reader
 * tells the two "Das" of a day apart.
 */
function IntervalFields({ day, index, values, errors }: PartProps & { day: number; index: number }) {
  const later = index > 0;
  const time = (label: string, name: string) => (
    <Field
      label={
        <>
          {label}
          {later ? <span className={visuallyHidden}> (2º horário)</span> : null}
        </>
      }
      errors={[errors[name]]}
      inputProps={{ id: name, name, type: "time", step: 300, defaultValue: values[name] ?? "" }}
    />
  );
  return (
    <div className={s.interval}>
      {later ? <p className={s.caption}>2º horário (opcional)</p> : null}
      <div className={s.row}>
        {time("Das", F.start(day, index))}
        {time("Às", F.end(day, index))}
      </div>
    </div>
  );
}

/** One weekday: its "sem visitas" box and its intervals. */
function DayFields({ day, values, errors }: PartProps & { day: number }) {
  const name = WEEKDAY_NAMES[day]!;
  return (
    <fieldset className={s.day} data-testid={`dia-${day}`}>
      <legend className={s.legend}>{name}</legend>
      <CheckboxField
        label="Sem visitas neste dia"
        inputProps={{ id: F.closed(day), name: F.closed(day), defaultChecked: values[F.closed(day)] === "on" }}
      />
      {Array.from({ length: MAX_INTERVALS_PER_DAY }, (_, index) => (
        <IntervalFields key={index} day={day} index={index} values={values} errors={errors} />
      ))}
    </fieldset>
  );
}

/** A whole-number field bounded by one of the form's ranges (`~/lib/availability-form`). */
function BoundedNumberField({
  label,
  name,
  range,
  values,
  errors,
}: PartProps & { label: string; name: string; range: { min: number; max: number } }) {
  return (
    <Field
      label={label}
      errors={[errors[name]]}
      inputProps={{
        id: name,
        name,
        type: "number",
        inputMode: "numeric",
        min: range.min,
        max: range.max,
        defaultValue: values[name] ?? "",
      }}
    />
  );
}

/** The buffer, horizon and notice fields, in the order shown: label, field name, range. */
const NUMBER_FIELDS = [
  ["Intervalo entre visitas (min)", F.buffer, BUFFER_MINUTES],
  ["Agendar até (dias à frente)", F.horizon, HORIZON_DAYS],
  ["Antecedência mínima (horas)", F.notice, MIN_NOTICE_HOURS],
] as const;

/** The form (see the module comment). */
export function AvailabilityForm({ values, errors, formError }: AvailabilityFormProps) {
  const invalid = Object.keys(errors).length > 0;
  return (
    <Form method="post" className={s.form} aria-label="Horários de visita" noValidate>
      <FormAlert
        message={formError ?? (invalid ? "Confira os campos indicados: os horários não foram salvos." : null)}
      />
      <div className={s.days}>
        {FORM_WEEKDAY_ORDER.map((day) => (
          <DayFields key={day} day={day} values={values} errors={errors} />
        ))}
      </div>
      <fieldset className={s.day}>
        <legend className={s.legend}>Visitas</legend>
        <div className={s.row}>
          <SelectField
            label="Duração da visita"
            errors={[errors[F.slot]]}
            selectProps={{ id: F.slot, name: F.slot, defaultValue: values[F.slot] ?? "60" }}
          >
            {SLOT_MINUTES_CHOICES.map((minutes) => (
              <option key={minutes} value={minutes}>
                {minutes} minutos
              </option>
            ))}
          </SelectField>
          {NUMBER_FIELDS.map(([label, name, range]) => (
            <BoundedNumberField key={name} label={label} name={name} range={range} values={values} errors={errors} />
          ))}
        </div>
        <TextareaField
          label="Folgas (sem visitas)"
          optional
          hint="Uma data por linha, por exemplo 25/12/2026."
          errors={[errors[F.daysOff]]}
          textareaProps={{ id: F.daysOff, name: F.daysOff, rows: 3, defaultValue: values[F.daysOff] ?? "" }}
        />
      </fieldset>
      <div>
        <button type="submit" className={button.dark}>
          Salvar horários
        </button>
      </div>
    </Form>
  );
}
