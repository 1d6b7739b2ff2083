/**
 * The submit row that closes an admin form: one dark button, disabled while
 * the form is being submitted.
 */
import type { ReactNode } from "react";
import { button } from "~/styles/ui.css";
import * as s from "./admin.css";

/**
 * The row and its button.
 * @param busy the form is being submitted (`useNavigation().state === "submitting"`).
 * @param children the button's label, e.g. "Salvar dados".
 */
export function AdminSubmitRow({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <div className={s.row}>
      <button type="submit" className={button.dark} disabled={busy}>
        {children}
      </button>
    </div>
  );
}
