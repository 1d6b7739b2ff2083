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

/** One weekday: its "sem visitas" box and its intervals. */
function DayFields({
  day,
  values,
  errors,
}: {
  day: number;
  values: AvailabilityFormValues;
  errors: Record<string, string>;
}) {
  const name = WEEKDAY_NAMES[day]!;
  return (
    <fieldset className={s.day} data-testid={`dia-${day}`}>
      <legend className={s.legend}>{name}</legend>
      <CheckboxField
        label="Sem visitas neste dia"
        inputProps={{ id: F.closed(day), name: F.closed(day), defaultChecked: values[F.closed(day)] === "on" }}
      />
      {Array.from({ length: MAX_INTERVALS_PER_DAY }, (_, index) => (
        <div className={s.interval} key={index}>
          {index > 0 ? <p className={s.caption}>2º horário (opcional)</p> : null}
          <div className={s.row}>
            <Field
              label={<>Das{index > 0 ? <span className={visuallyHidden}> (2º horário)</span> : null}</>}
              errors={[errors[F.start(day, index)]]}
              inputProps={{
                id: F.start(day, index),
                name: F.start(day, index),
                type: "time",
                step: 300,
                defaultValue: values[F.start(day, index)] ?? "",
              }}
            />
            <Field
              label={<>Às{index > 0 ? <span className={visuallyHidden}> (2º horário)</span> : null}</>}
              errors={[errors[F.end(day, index)]]}
              inputProps={{
                id: F.end(day, index),
                name: F.end(day, index),
                type: "time",
                step: 300,
                defaultValue: values[F.end(day, index)] ?? "",
              }}
            />
          </div>
        </div>
      ))}
    </fieldset>
  );
}

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
          <Field
            label="Intervalo entre visitas (min)"
            errors={[errors[F.buffer]]}
            inputProps={{
              id: F.buffer,
              name: F.buffer,
              type: "number",
              inputMode: "numeric",
              min: BUFFER_MINUTES.min,
              max: BUFFER_MINUTES.max,
              defaultValue: values[F.buffer] ?? "",
            }}
          />
          <Field
            label="Agendar até (dias à frente)"
            errors={[errors[F.horizon]]}
            inputProps={{
              id: F.horizon,
              name: F.horizon,
              type: "number",
              inputMode: "numeric",
              min: HORIZON_DAYS.min,
              max: HORIZON_DAYS.max,
              defaultValue: values[F.horizon] ?? "",
            }}
          />
          <Field
            label="Antecedência mínima (horas)"
            errors={[errors[F.notice]]}
            inputProps={{
              id: F.notice,
              name: F.notice,
              type: "number",
              inputMode: "numeric",
              min: MIN_NOTICE_HOURS.min,
              max: MIN_NOTICE_HOURS.max,
              defaultValue: values[F.notice] ?? "",
            }}
          />
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
