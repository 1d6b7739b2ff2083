/**
 * The filters form's building blocks (ADR 0037): a collapsible section with
 * its summary line, and a facet's select and radio chips with their counts.
 */
import type { ReactNode } from "react";
import { formatCount } from "~/lib/format";
import { countSuffix } from "./summaries";
import * as s from "../filters-form.css";

/** The class of an option that would give no listing (dimmed, never disabled), unless it is chosen. */
export function dimmed(n: number | undefined, checked: boolean): string {
  return n === 0 && !checked ? s.zero : "";
}

/** One collapsible section: its title, what is set (when any) and the controls. */
export function Section(props: {
  id: string;
  title: string;
  summary: string;
  open: boolean;
  onToggle: (id: string, open: boolean) => void;
  children: ReactNode;
}) {
  const { id, title, summary, open, onToggle, children } = props;
  return (
    <details
      className={s.section}
      open={open}
      data-section={id}
      onToggle={(event) => onToggle(id, event.currentTarget.open)}
    >
      <summary className={s.sectionSummary}>
        <span className={s.sectionTitle}>{title}</span>
        {summary ? <span className={s.sectionValue}>{summary}</span> : null}
      </summary>
      <div className={s.sectionBody}>{children}</div>
    </details>
  );
}

/**
 * A labelled select of one facet: "any" (`anyLabel`) then each option, each
 * with its count (from `counts` when given, else the option's own count).
 */
export function FacetSelect({
  label,
  name,
  defaultValue,
  anyLabel,
  options,
  counts,
  onChange,
}: {
  label: string;
  name: string;
  defaultValue: string;
  anyLabel: string;
  options: readonly { slug: string; label: string; count: number }[];
  counts: Record<string, number> | undefined;
  onChange?: (value: string) => void;
}) {
  return (
    <label className={s.group}>
      <span className={s.label}>{label}</span>
      <select
        className={s.control}
        name={name}
        defaultValue={defaultValue}
        onChange={onChange ? (event) => onChange(event.currentTarget.value) : undefined}
      >
        <option value="">{`${anyLabel}${countSuffix(counts?.[""])}`}</option>
        {options.map((c) => (
          <option key={c.slug} value={c.slug}>
            {`${c.label}${countSuffix(counts ? (counts[c.slug] ?? 0) : c.count)}`}
          </option>
        ))}
      </select>
    </label>
  );
}

/** One radio chip; `count` is shown small after the text and in the accessible name. */
export function Chip(props: {
  name: string;
  value: string;
  checked: boolean;
  count?: number;
  label?: string;
  className?: string;
  children: ReactNode;
}) {
  const { name, value, checked, count, label, className, children } = props;
  return (
    <label className={`${s.chip} ${className ?? ""}`}>
      <input
        className={s.chipInput}
        type="radio"
        name={name}
        value={value}
        defaultChecked={checked}
        aria-label={label ? `${label}${countSuffix(count)}` : undefined}
      />
      {children}
      {count !== undefined ? <span className={s.chipCount}>{formatCount(count)}</span> : null}
    </label>
  );
}
