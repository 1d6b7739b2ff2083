/**
 * The free slots of a visit calendar as radio buttons grouped by São Paulo day (ADR 0088): plain
 * HTML, so it works without JavaScript; the days page on with GET links (`?dia=`).
 */
import { Link } from "@remix-run/react";
import { visuallyHidden } from "~/styles/ui.css";
import { ErrorList } from "./forms";
import * as s from "./visit.css";

/** One day of slots (`SlotDayView` of the server). */
export interface SlotDay {
  day: string;
  label: string;
  longLabel: string;
  slots: { value: string; time: string }[];
}

/** Props of {@link VisitSlotPicker}. */
export interface VisitSlotPickerProps {
  days: SlotDay[];
  previous: string | null;
  next: string | null;
  /** The radio value to check (the last choice sent back), if any. */
  checked?: string;
  errors?: string[];
  /** The page's path, to which `?dia=` is added for the other days. */
  path: string;
  legend: string;
}

/** See the module comment; renders "no free time" when there are no days. */
export function VisitSlotPicker(props: VisitSlotPickerProps) {
  const invalid = Boolean(props.errors?.length);
  if (!props.days.length) {
    return (
      <div>
        <p className={s.muted} data-testid="sem-horarios">
          Não há horários livres nos próximos dias. Fale com a imobiliária pelo telefone ou WhatsApp.
        </p>
        <ErrorList id="horario-erro" errors={props.errors} />
      </div>
    );
  }
  return (
    <fieldset className={s.days} aria-describedby={invalid ? "horario-erro" : undefined} data-testid="horarios">
      <legend className={s.legend}>{props.legend}</legend>
      <ErrorList id="horario-erro" errors={props.errors} />
      {props.days.map((day) => (
        <fieldset key={day.day} className={s.day} data-day={day.day}>
          <legend className={s.dayTitle}>
            <span aria-hidden="true">{day.label}</span>
            <span className={visuallyHidden}>{day.longLabel}</span>
          </legend>
          <div className={s.times}>
            {day.slots.map((slot) => (
              <label key={slot.value} className={s.chip}>
                <input
                  className={s.radio}
                  type="radio"
                  name="slot"
                  value={slot.value}
                  required
                  defaultChecked={slot.value === props.checked}
                  aria-invalid={invalid || undefined}
                />
                {slot.time}
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      {props.previous || props.next ? (
        <nav className={s.pager} aria-label="Outros dias">
          {props.previous ? <Link to={`${props.path}?dia=${props.previous}`}>← Dias anteriores</Link> : <span />}
          {props.next ? <Link to={`${props.path}?dia=${props.next}`}>Próximos dias →</Link> : null}
        </nav>
      ) : null}
    </fieldset>
  );
}
