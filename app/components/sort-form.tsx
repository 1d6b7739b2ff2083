/**
 * The "Ordenar por" form above a list of listings (docs/product.md sort orders):
 * a GET form that submits on change with JavaScript (Remix navigation, scroll
 * kept) and through an "Ordenar" button without it. Changing the order goes
 * back to page 1 (no `pagina` field).
 */
import { Form, useSubmit } from "@remix-run/react";
import { DEFAULT_SORT, SORT_LABELS, SORT_ORDERS, type SortOrder } from "~/lib/filters";
import { button } from "~/styles/ui.css";
import * as s from "./sort-form.css";

/** Props of {@link SortForm}. */
export interface SortFormProps {
  /** Where the form submits, e.g. `/todos-os-imoveis` or the broker's path. */
  action: string;
  /** Current order; default "recentes". */
  sort?: SortOrder;
  /** Other fields to keep (e.g. the filters), as [name, value] pairs. */
  hidden?: readonly [string, string][];
}

/** The sort form (see the module comment). */
export function SortForm({ action, sort = DEFAULT_SORT, hidden = [] }: SortFormProps) {
  const submit = useSubmit();
  // Keyed so that the uncontrolled select follows each navigation.
  const key = JSON.stringify([action, sort, hidden]);
  return (
    <Form method="get" action={action} className={s.form} key={key}>
      {hidden.map(([name, value], i) => (
        <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor="ordem">Ordenar por</label>
      <select
        id="ordem"
        name="ordem"
        className={s.select}
        defaultValue={sort}
        onChange={(event) => event.currentTarget.form && submit(event.currentTarget.form, { preventScrollReset: true })}
      >
        {SORT_ORDERS.map((order) => (
          <option key={order} value={order}>
            {SORT_LABELS[order]}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className={`${button.outline} ${s.button}`}>
          Ordenar
        </button>
      </noscript>
    </Form>
  );
}
